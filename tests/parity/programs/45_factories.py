# Factories: tensor, ones, zeros and arange.
import torch

print(torch.ones(3), torch.zeros(2))
print(torch.ones(2, 2), torch.zeros(1, 3))
print(torch.ones(3, requires_grad=True), torch.zeros(2, requires_grad=True))
print(torch.arange(5), torch.arange(2, 6), torch.arange(0, 10, 3))
print(torch.arange(4.0), torch.arange(1.0, 2.0, 0.25))
print(torch.tensor([[1.0], [2.0]]), torch.tensor(5.0), torch.tensor([7.0]))
print(torch.tensor([1, 2]) * 1.5, torch.arange(3) + 0.5)
z = torch.zeros(3, requires_grad=True)
(z + 1).sum().backward()
print(z.grad)
