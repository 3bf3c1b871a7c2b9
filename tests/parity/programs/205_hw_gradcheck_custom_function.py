# Homework: a custom torch.autograd.Function checked with torch.autograd.gradcheck, one right and
# one with a wrong backward (https://pytorch.org/docs/stable/notes/extending.html)
import torch
from torch.autograd import gradcheck


class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        (result,) = ctx.saved_tensors
        return grad_output * result


class BadSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * x


x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.double, requires_grad=True)
y = MyExp.apply(x)
print(y, y.grad_fn, type(y.grad_fn).__name__, y.grad_fn.name())
print(y.grad_fn.next_functions)
y.sum().backward()
print(x.grad)
print(gradcheck(MyExp.apply, (x,), eps=1e-6, atol=1e-4))
try:
    gradcheck(BadSquare.apply, (x,), eps=1e-6, atol=1e-4)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
print(gradcheck(BadSquare.apply, (x,), raise_exception=False))
xf = torch.tensor([0.5], requires_grad=True)
try:
    gradcheck(MyExp.apply, (xf,))
except Exception as e:
    print(type(e).__name__)
