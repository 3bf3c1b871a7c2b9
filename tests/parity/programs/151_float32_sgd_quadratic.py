# Minimising (w - 3.7)**2 with plain gradient descent in float32, 60 steps at full precision
# (the "optimization" idea of https://pytorch.org/tutorials/beginner/basics/optimization_tutorial.html)
import torch

w = torch.tensor(0.0, requires_grad=True)
for step in range(60):
    loss = (w - 3.7) ** 2
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad.zero_()
    print(step, loss.item(), w.item())
v = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
opt = torch.optim.SGD([v], lr=0.05)
target = torch.tensor([0.3, 0.1, -0.7])
for step in range(30):
    opt.zero_grad()
    loss = ((v - target) ** 2).sum()
    loss.backward()
    opt.step()
    print(step, loss.item(), v.tolist())
