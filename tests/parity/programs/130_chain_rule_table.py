# The chain rule by hand versus autograd, for a three-step scalar function, printing each factor.
import torch

x = torch.tensor(0.75, requires_grad=True)
a = x**2
a.retain_grad()
b = torch.sin(a)
b.retain_grad()
c = torch.exp(b)
c.retain_grad()
c.backward()
print("x", x, "a", a, "b", b, "c", c)
print("dc/dc", c.grad, "dc/db", b.grad, "dc/da", a.grad, "dc/dx", x.grad)
print("by hand", torch.exp(b) * torch.cos(a) * 2 * x)
for t in (c, b, a):
    print(
        t.grad_fn.name(),
        [type(n).__name__ if n is not None else None for n, _ in t.grad_fn.next_functions],
    )
