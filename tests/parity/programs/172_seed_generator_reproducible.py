# Reproducibility: the same seed gives the same numbers; a torch.Generator of one's own
# (https://pytorch.org/docs/stable/notes/randomness.html)
import torch

torch.manual_seed(7)
a = torch.randn(4)
torch.manual_seed(7)
b = torch.randn(4)
print(a, b, torch.equal(a, b), torch.initial_seed())
g = torch.Generator().manual_seed(2024)
print(g.initial_seed(), torch.rand(3, generator=g), torch.randn(2, generator=g))
g2 = torch.Generator()
g2.manual_seed(2024)
print(torch.rand(3, generator=g2))
state = torch.get_rng_state()
x = torch.rand(2)
torch.set_rng_state(state)
print(torch.equal(x, torch.rand(2)))
print(torch.randperm(6, generator=torch.Generator().manual_seed(1)))
