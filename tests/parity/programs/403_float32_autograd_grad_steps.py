# Gradient descent written with torch.autograd.grad (no .grad, no optimizer), as in the autograd
# tutorial's "computing gradients" section: a quadratic bowl and a least-squares fit in float32
import torch

A = torch.tensor([[3.0, 0.5], [0.5, 1.0]])
b = torch.tensor([1.0, -2.0])
x = torch.zeros(2, requires_grad=True)
for step in range(15):
    f = 0.5 * (x * (A @ x)).sum() - (b * x).sum()
    (g,) = torch.autograd.grad(f, x)
    with torch.no_grad():
        x -= 0.3 * g
    print(step, f.item(), x.tolist())
t = torch.linspace(0, 1, 9)
y = 0.7 * t - 0.2 + 0.05 * t * t
w = torch.tensor([0.0, 0.0], requires_grad=True)
for step in range(10):
    pred = w[0] * t + w[1]
    loss = ((pred - y) ** 2).mean()
    gw = torch.autograd.grad(loss, w)[0]
    w = (w - 0.9 * gw).detach().requires_grad_()
    print(step, loss.item(), gw.tolist())
