# Reductions spread the gradient evenly: sum gives ones, mean gives 1/n.
import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
s = x.sum()
m = torch.mean(x)
print(s, m)
s.backward()
print(x.grad)
x.grad = None
m.backward()
print(x.grad)
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
v.mean().backward()
print(v.grad)
w = torch.tensor([2.0, 4.0], requires_grad=True)
(w.sum() * w.mean()).backward()
print(w.grad)
print(torch.sum(torch.tensor([0.5, 0.25])), torch.tensor([1.0, 2.0]).mean())
