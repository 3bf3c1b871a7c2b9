# Tensor-basics lessons as beginner videos and notebooks write them (a "PyTorch tensor basics" video series, the d2l "Data Manipulation" notebook):
# the torch.f forms of methods, NumPy's axis=/keepdims=, split/chunk/narrow, roll/flip, outer, matrix_power, unique, bucketize
import torch

x = torch.arange(12, dtype=torch.float32).reshape(3, 4)
print(x, x.ndimension(), x.ndim)
print(
    torch.unsqueeze(x, 0).shape,
    torch.unsqueeze(x, dim=-1).shape,
    torch.squeeze(torch.unsqueeze(x, 1)).shape,
)
print(torch.transpose(x, 0, 1))
print(torch.permute(x, (1, 0)).shape, torch.reshape(x, (2, 6)), torch.numel(x))
y = torch.ones(3, 4)
print(torch.subtract(x, y), torch.multiply(x, 2), torch.true_divide(x, 4))
print(torch.subtract(x, y, alpha=3)[0], torch.true_divide(torch.tensor([1, 2, 3]), 2))
print(
    x.sum(axis=0),
    x.sum(axis=1, keepdims=True),
    x.mean(axis=0),
    torch.argmax(x, axis=1),
    x.argmin(axis=0),
)
print(torch.max(x, axis=1), x.std(axis=0))
for piece in torch.split(x, 2, dim=1):
    print(piece)
print(torch.split(x, [1, 2], dim=0))
print(torch.chunk(x, 2), x.chunk(3, dim=1)[1], len(x.chunk(3, dim=1)))
print(torch.narrow(x, 0, 1, 2), x.narrow(1, -2, 2))
v = torch.tensor([1, 2, 3, 4, 5])
print(
    torch.roll(v, 1),
    torch.roll(v, -2),
    torch.roll(x, 1, 0),
    torch.roll(x, shifts=(1, 1), dims=(0, 1)),
)
print(torch.flip(v, [0]), torch.flip(x, dims=(0, 1)), x.flip(1))
a, b = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([10.0, 20.0])
print(torch.outer(a, b), a.outer(b).shape)
m = torch.tensor([[1.0, 1.0], [1.0, 0.0]])
print(torch.matrix_power(m, 10), m.matrix_power(0), m.matrix_power(1))
print(torch.matrix_power(torch.tensor([[2, 1], [1, 1]]), 5))
t = torch.tensor([1, 3, 2, 3, 1, 1])
print(torch.unique(t), t.unique(return_counts=True), t.unique(return_inverse=True))
print(torch.unique(torch.tensor([2.5, -1.0, 2.5])))
boundaries = torch.tensor([1, 3, 5, 7, 9])
values = torch.tensor([[3, 6, 9], [3, 6, 9]])
print(torch.bucketize(values, boundaries), torch.bucketize(values, boundaries, right=True))
print(torch.bucketize(torch.tensor([0.5, 4.0, 10.0]), torch.tensor([1.0, 5.0])))
e = torch.empty(size=(2, 3))
print(e.shape, torch.empty(size=[4]).shape)
torch.manual_seed(0)
print(torch.empty(3).normal_(mean=2.0, std=0.5), torch.empty(2, 2).uniform_(-1, 1))
z = torch.zeros(3)
torch.sin_(z)
torch.exp_(z)
print(z, torch.clone(x).shape, torch.is_floating_point(x))
