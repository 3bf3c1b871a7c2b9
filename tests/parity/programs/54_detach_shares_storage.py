# detach() shares storage: in-place updates of either side show in the other.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
d = a.detach()
d.zero_()
print(a, d)
b = torch.tensor([1.0, 2.0], requires_grad=True)
e = b.detach()
with torch.no_grad():
    b += 1
print(e)
w = torch.tensor([1.0, 2.0], requires_grad=True)
snapshot = w.detach()
(w * w).sum().backward()
with torch.no_grad():
    w -= 0.5 * w.grad
print(w, snapshot)
w.grad.zero_()
g = w.grad
with torch.no_grad():
    w *= 2
print(w, snapshot, g)
