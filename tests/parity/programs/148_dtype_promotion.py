# Type promotion between ints, floats and Python numbers (https://pytorch.org/docs/stable/tensor_attributes.html#type-promotion-doc)
import torch

i = torch.tensor([1, 2, 3])
f = torch.tensor([1.0, 2.0, 3.0])
d = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
b = torch.tensor([True, False, True])
for name, r in [
    ("i + 1", i + 1),
    ("i + 1.5", i + 1.5),
    ("i * f", i * f),
    ("f + d", f + d),
    ("i / 2", i / 2),
    ("i // 2", i // 2),
    ("i % 2", i % 2),
    ("b + 1", b + 1),
    ("b + b", b + b),
    ("b * f", b * f),
    ("i ** 2", i**2),
    ("i ** 0.5", i**0.5),
    ("f + torch.tensor(2.0, dtype=float64)", f + torch.tensor(2.0, dtype=torch.float64)),
    ("i.sum()", i.sum()),
    ("b.sum()", b.sum()),
    ("i.float().mean()", i.float().mean()),
    ("i > 1", i > 1),
    ("torch.where(b, i, f)", torch.where(b, i, f)),
]:
    print(f"{name:40s}", r, r.dtype)
print(
    torch.result_type(i, 1.0),
    torch.result_type(f, d),
    torch.promote_types(torch.int64, torch.float32),
)
try:
    i.mean()
except RuntimeError as e:
    print(type(e).__name__, e)
