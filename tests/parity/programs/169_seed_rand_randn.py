# Seeded random tensors as tutorials print them: torch.manual_seed, rand, randn, rand_like
# (https://pytorch.org/docs/stable/notes/randomness.html)
import torch

torch.manual_seed(0)
print(torch.rand(5))
print(torch.randn(3, 2))
print(torch.rand(2, 3, dtype=torch.float64))
print(torch.randn(4, dtype=torch.float64))
print(torch.rand(()).item(), torch.randn(()).item(), torch.randn(1).item())
x = torch.zeros(2, 2)
print(torch.rand_like(x), torch.randn_like(x))
print(torch.rand(3, requires_grad=True))
torch.manual_seed(42)
print(torch.rand(2, 2).tolist(), torch.randn(7).tolist())
torch.manual_seed(0)
print(torch.rand(5)[0].item())
