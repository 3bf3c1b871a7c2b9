# Writing single elements: under no_grad on a parameter, on plain tensors, and the leaf error.
import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with torch.no_grad():
    w[1] = 10.0
print(w, w.is_leaf, w.grad_fn)
try:
    w[0] = 5.0
except RuntimeError as e:
    print(type(e).__name__, e)
t = torch.zeros(3)
t[2] = 4
t[0] = True
print(t)
M = torch.zeros(2, 2)
M[1] = torch.tensor([1.0, 2.0])
M[0, 1] = 3.0
print(M)
i = torch.tensor([1, 2, 3])
i[0] = 2.7
print(i)
try:
    with torch.no_grad():
        w.zero_()
    print(w)
    w.zero_()
except RuntimeError as e:
    print(type(e).__name__, e)
G = torch.zeros(3, 2)
G[2] = 1.5
G[-3, -1] = torch.tensor(2.0)
G[1] = torch.tensor([3, 4])
print(G)
v = torch.ones(3)
d = v.detach()
d[1] = 0.0
print(v, d)
try:
    G[3] = 1.0
except IndexError as e:
    print(type(e).__name__, e)
try:
    G[0, 2] = 1.0
except IndexError as e:
    print(type(e).__name__, e)
