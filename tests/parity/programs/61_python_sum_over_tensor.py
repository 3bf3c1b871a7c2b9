# Python's sum() over a tensor's elements, and max() of a tolist().
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
s = sum(x)
print(s)
s.backward()
print(x.grad)
print(max(torch.tensor([1.0, 5.0, 3.0]).tolist()))
