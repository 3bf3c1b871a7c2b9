# Gradient descent on a line fit in float32, every loss at full precision: the optimisation-loop
# pattern of PyTorch's "Learn the Basics" (https://pytorch.org/tutorials/beginner/basics/optimization_tutorial.html)
import torch

x = torch.linspace(-1.0, 1.0, 21)
y = 3.0 * x + 0.5 + 0.1 * torch.sin(7.0 * x)
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
lr = 0.1
for step in range(40):
    loss = ((w * x + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad.zero_()
    b.grad.zero_()
    print(step, loss.item(), w.item(), b.item())
print(w, b)
