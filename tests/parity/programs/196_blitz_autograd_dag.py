# 60-minute blitz, "A Gentle Introduction to torch.autograd": Q = 3a^3 - b^2, exclusion from the
# DAG and freezing a model's parameters (https://pytorch.org/tutorials/beginner/blitz/autograd_tutorial.html)
import torch
from torch import nn, optim

torch.manual_seed(0)
a = torch.tensor([2.0, 3.0], requires_grad=True)
b = torch.tensor([6.0, 4.0], requires_grad=True)
Q = 3 * a**3 - b**2
external_grad = torch.tensor([1.0, 1.0])
Q.backward(gradient=external_grad)
print(9 * a**2 == a.grad)
print(-2 * b == b.grad)
x = torch.rand(5, 5)
y = torch.rand(5, 5)
z = torch.rand((5, 5), requires_grad=True)
a = x + y
print(f"Does `a` require gradients?: {a.requires_grad}")
b = x + z
print(f"Does `b` require gradients?: {b.requires_grad}")
model = nn.Sequential(nn.Linear(6, 5), nn.ReLU(), nn.Linear(5, 4))
for param in model.parameters():
    param.requires_grad = False
model[2] = nn.Linear(5, 3)
print(model)
optimizer = optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
out = model(torch.rand(2, 6))
out.sum().backward()
print([p.grad is None for p in model.parameters()], [p.requires_grad for p in model.parameters()])
optimizer.step()
print(model[2].weight)
