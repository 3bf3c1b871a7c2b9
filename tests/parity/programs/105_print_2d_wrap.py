# 2-d printing: wide rows that wrap, scientific mode, ints, nan, and grads.
import torch

rows = [[float(i * 12 + j) * 1.25 for j in range(12)] for i in range(2)]
print(torch.tensor(rows))
print(torch.tensor([[1e-6, 2.0], [3.0, 4e5]]))
print(torch.tensor([[1, -20, 300], [4, 5, 6]]))
print(torch.tensor([[float("nan"), 0.5], [float("-inf"), 2.0]]))
print(torch.tensor([[0.001, 0.01], [0.1, 1.0]], requires_grad=True))
print(torch.tensor([[123456.0, 1.0]]))
print(torch.tensor([[True, False], [False, True]]))
print(torch.tensor([[1.5, 2.5]], dtype=torch.float64))
print(torch.tensor([[1.0] * 20]))
print(torch.tensor([[-1.0, 2.0]] * 5) * 3)
