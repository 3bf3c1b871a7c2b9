import warnings

import torch

# retain_grad on every intermediate of a chain, and .grad of a non-leaf with a warning.

x = torch.tensor([0.5, 1.5], requires_grad=True)
a = x * 3
b = a.exp()
c = b.sum()
for t in (a, b, c):
    t.retain_grad()
d = c.log()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(d.grad)
    print(len(caught), caught[0].category.__name__ if caught else None)
d.backward()
print(a.grad, b.grad, c.grad, x.grad)
print(a.retains_grad, b.retains_grad, d.retains_grad, x.retains_grad)
x.retain_grad()
print(x.retains_grad)
print(a.is_leaf, d.is_leaf, x.is_leaf)
