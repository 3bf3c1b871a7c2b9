# ruff: noqa - written as the source writes it
# Writes into t.storage() as the book's chapter 3 makes them: the tensor and its views see them, ints
# truncate, float32 rounds, a position past the end is an IndexError
import torch

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
st = points.storage()
st[0] = 2.0
print(points, points._version)
v = points[1]
v.storage()[3] = 7.5
print(points, v, st[3], points._version)
i = torch.tensor([1, 2, 3])
i.storage()[1] = 9.7
print(i)
f = torch.tensor([1.0, 2.0], dtype=torch.float64)
f.storage()[-1] = 0.1
print(f.storage()[1], f)
g = torch.tensor([1.0, 2.0])
g.storage()[1] = 0.1
print(g.storage()[1], g.tolist())
try:
    g.storage()[2] = 1.0
except IndexError as e:
    print(e)
