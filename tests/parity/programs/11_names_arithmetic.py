# grad_fn names of arithmetic with tensors and Python numbers.
import torch

a = torch.tensor([1.5, -2.0, 3.0], requires_grad=True)
b = torch.tensor([0.5, 4.0, -1.0], requires_grad=True)
results = {
    "a+b": a + b,
    "a+1": a + 1,
    "1+a": 1 + a,
    "a+1.0": a + 1.0,
    "a-b": a - b,
    "a-1": a - 1,
    "1-a": 1 - a,
    "a*b": a * b,
    "2*a": 2 * a,
    "a*2": a * 2,
    "a/b": a / b,
    "a/2": a / 2,
    "2/a": 2 / a,
    "-a": -a,
    "a**2": a**2,
    "a**0.5": a**0.5,
    "a**-1": a**-1,
    "a**b": a**b,
    "2**a": 2**a,
}
for expr, t in results.items():
    print(expr, type(t.grad_fn).__name__, t.grad_fn.name())
