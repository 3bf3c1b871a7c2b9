# Empty tensors: their sums, means and reprs.
import torch

print(torch.tensor([]).sum(), torch.tensor([]).mean())
print(torch.zeros(0), torch.ones(0, requires_grad=True))
print(torch.arange(0))
