# Building a Jacobian row by row with backward(retain_graph=True) and with autograd.grad.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.tensor([1.0, 1.0, 1.0]) * x**2 + x * x[0]
rows = []
for i in range(3):
    v = torch.zeros(3)
    with torch.no_grad():
        v[i] = 1.0
    x.grad = None
    y.backward(v, retain_graph=True)
    rows.append(x.grad.tolist())
print(rows)
for i in range(3):
    onehot = torch.tensor([1.0 if j == i else 0.0 for j in range(3)])
    (g,) = torch.autograd.grad(y, x, grad_outputs=onehot, retain_graph=True)
    print(g)
print(y, y.grad_fn)
