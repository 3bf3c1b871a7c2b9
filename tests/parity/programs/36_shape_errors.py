# Shape mismatches in elementwise ops and products.
import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([1.0, 2.0])
M = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
s = torch.tensor(2.0)
cases = [
    ("a + b", lambda: a + b),
    ("a * b", lambda: a * b),
    ("dot(a, b)", lambda: torch.dot(a, b)),
    ("a @ b", lambda: a @ b),
    ("M @ b", lambda: M @ b),
    ("M @ M", lambda: M @ M),
    ("dot(s, s)", lambda: torch.dot(s, s)),
    ("s @ s", lambda: s @ s),
]
for name, f in cases:
    try:
        print(name, f())
    except Exception as e:
        print(name, "->", type(e).__name__, e)
print(M * s, s * a, a * torch.tensor(0.5))
