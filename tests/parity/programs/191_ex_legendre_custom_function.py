# "Learning PyTorch with Examples", polynomial_custom_function: LegendrePolynomial3 as a torch.autograd.Function (https://pytorch.org/tutorials/beginner/examples_autograd/polynomial_custom_function.html)
import torch
import math
# ruff: noqa: I001 - torch imported first; student code as written


class LegendrePolynomial3(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return 0.5 * (5 * input**3 - 3 * input)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return grad_output * 1.5 * (5 * input**2 - 1)


dtype = torch.float
device = torch.device("cpu")
x = torch.linspace(-math.pi, math.pi, 200, device=device, dtype=dtype)
y = torch.sin(x)
a = torch.full((), 0.0, device=device, dtype=dtype, requires_grad=True)
b = torch.full((), -1.0, device=device, dtype=dtype, requires_grad=True)
c = torch.full((), 0.0, device=device, dtype=dtype, requires_grad=True)
d = torch.full((), 0.3, device=device, dtype=dtype, requires_grad=True)
learning_rate = 5e-5
P3 = LegendrePolynomial3.apply
out = P3(c + d * x)
print(out.grad_fn, type(out.grad_fn).__name__, out.grad_fn.next_functions)
for t in range(300):
    y_pred = a + b * P3(c + d * x)
    loss = (y_pred - y).pow(2).sum()
    if t % 30 == 29:
        print(t, loss.item())
    loss.backward()
    with torch.no_grad():
        a -= learning_rate * a.grad
        b -= learning_rate * b.grad
        c -= learning_rate * c.grad
        d -= learning_rate * d.grad
        a.grad = None
        b.grad = None
        c.grad = None
        d.grad = None
print(f"Result: y = {a.item()} + {b.item()} * P3({c.item()} + {d.item()} x)")
xs = torch.tensor([0.3, -0.7], dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(P3, (xs,)))
