# Gradient checking by central differences in float32 and float64, as in course homework on
# backprop (CS231n "gradient check"): the float32 error grows as eps shrinks.
import torch


def f(x):
    return x**3 - 2 * x + torch.sin(x)


x = torch.tensor(1.3, requires_grad=True)
f(x).backward()
print("autograd", x.grad.item())
for eps in [1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6]:
    with torch.no_grad():
        num = (f(x + eps) - f(x - eps)) / (2 * eps)
    print(eps, num.item(), abs(num - x.grad).item())
xd = torch.tensor(1.3, dtype=torch.float64, requires_grad=True)
f(xd).backward()
for eps in [1e-2, 1e-4, 1e-6]:
    with torch.no_grad():
        num = (f(xd + eps) - f(xd - eps)) / (2 * eps)
    print(eps, num.item(), abs(num - xd.grad).item())
