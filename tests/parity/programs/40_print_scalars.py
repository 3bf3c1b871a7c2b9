# Printing 0-d tensors: integral values, four decimals, scientific notation, nan and inf.
import torch

for v in [
    2.0,
    -3.0,
    0.0,
    -0.0,
    0.5,
    0.25,
    -0.125,
    1.5,
    100.0,
    1e8,
    1e10,
    1e-5,
    2.0**-20,
    1024.0,
    0.0625,
    float("nan"),
    float("inf"),
    float("-inf"),
]:
    print(torch.tensor(v))
print(torch.tensor(2.0, requires_grad=True))
print(torch.tensor(float("nan"), requires_grad=True))
x = torch.tensor(1.5, requires_grad=True)
print(x * 2, x + 0.25, -x, x / 4)
print(str(x) == repr(x), [x])
