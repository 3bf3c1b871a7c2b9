# Views share storage with their base (the tensor tutorial's "tensors on the CPU share their
# memory" and the indexing section): writing through a view writes the base.
import torch

x = torch.zeros(3, 4)
row = x[0]
row.fill_(1.0)
x[1][2] = 5.0
col = x[:, 3]
col.add_(2.0)
print(x)
print(row._version, x._version)
flat = x.view(12)
flat[11] = -1.0
print(x[2], flat.storage_offset(), flat.is_contiguous())
t = x.t()
t[0, 2] = 9.0
print(x)
y = x.detach()
y.mul_(2)
print(x[0], x._version == y._version)
e = torch.ones(2).expand(3, 2)
print(e.stride(), e)
u = torch.tensor([1.0, 2.0, 3.0]).unsqueeze(0)
u.squeeze(0)[1] = 7.0
print(u)
