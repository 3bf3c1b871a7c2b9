# Printing many value ranges: ints, decimals, scientific, mixed signs, nan/inf, 2-d.
import torch

for vals in [
    [0.0],
    [1.0, -1.0],
    [0.25, 0.5],
    [1e-3, 1.0],
    [1e-5, 1.0],
    [123.456, 0.001],
    [1234.5, 1.0],
    [999.0, 1.0],
    [1000.0, 1.0],
    [1001.0, 1.0],
    [1e8, 1.0],
    [1.5e8, 2.0],
    [-0.0, 0.0],
    [float("nan"), 1.0, 2.0],
    [float("inf"), -1.5],
    [float("nan")],
    [float("-inf"), float("inf")],
    [1e-20],
    [3.14159, -2.71828, 100.0],
    [-1e-4, 1e-4],
    [12345678.0],
    [0.1, 0.2, 0.3],
    [1e10, 1e-10],
]:
    print(torch.tensor(vals))
print(torch.tensor([[1e-5, 1.0], [2.0, 3.0]]))
print(torch.tensor([[-1.5, 2.25], [100.0, -0.125]]))
print(torch.tensor([[1.0, 2.0, 3.0]]))
print(torch.tensor([[1.0], [2.0], [3.0]]))
print(torch.tensor([[float("nan"), 1.0], [float("inf"), -2.0]]))
print(torch.tensor(1e-5, requires_grad=True))
print(torch.tensor([[0.5, 0.25]], requires_grad=True))
print(torch.tensor(2.5) * torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True))
