# Homework: a custom autograd.Function y = a * tanh(x) with a hand-written backward, gradcheck, used twice, a second backward
# through freed saved tensors (https://pytorch.org/docs/stable/notes/extending.html)
import torch


class ScaledTanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, a):
        t = torch.tanh(x)
        ctx.save_for_backward(t, a)
        return a * t

    @staticmethod
    def backward(ctx, grad_output):
        t, a = ctx.saved_tensors
        print("backward", grad_output, ctx.needs_input_grad)
        grad_x = grad_output * a * (1 - t * t) if ctx.needs_input_grad[0] else None
        grad_a = (grad_output * t).sum() if ctx.needs_input_grad[1] else None
        return grad_x, grad_a


x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
a = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
y = ScaledTanh.apply(x, a)
print(y)
print(y.grad_fn.name(), len(y.grad_fn.next_functions))
z = (y * y).sum() + ScaledTanh.apply(x, a).sum()
z.backward()
print(x.grad, a.grad)
ref_x = x.detach().clone().requires_grad_()
ref_a = a.detach().clone().requires_grad_()
((ref_a * torch.tanh(ref_x)) ** 2 + ref_a * torch.tanh(ref_x)).sum().backward()
print((x.grad - ref_x.grad).abs().max().item() < 1e-12, (a.grad - ref_a.grad).abs().item() < 1e-12)
c = torch.tensor([0.1, 0.2, 0.3], dtype=torch.float64)
w = ScaledTanh.apply(c, a)
w.sum().backward(retain_graph=True)
w.sum().backward()
print(a.grad)
try:
    w.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", str(e)[:60])
x.grad = None
print(torch.autograd.gradcheck(ScaledTanh.apply, (x, a)))
