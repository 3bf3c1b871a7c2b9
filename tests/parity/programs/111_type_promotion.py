# Type promotion between bool, int, float32 and float64 tensors, numbers and 0-d tensors.
import torch

b = torch.tensor([True, False])
i = torch.tensor([1, 2])
f = torch.tensor([1.5, 2.0])
d = torch.tensor([1.0, 2.0], dtype=torch.float64)
M = torch.ones(2, 2)
Md = torch.ones(2, 2, dtype=torch.float64)
for lbl, fn in [
    ("b+b", lambda: b + b),
    ("b*b", lambda: b * b),
    ("b/b", lambda: b / b),
    ("b**2", lambda: b**2),
    ("b*2", lambda: b * 2),
    ("b+1.5", lambda: b + 1.5),
    ("i**0", lambda: i**0),
    ("i**-1.5", lambda: i**-1.5),
    ("2**i", lambda: 2**i),
    ("2.0**i", lambda: 2.0**i),
    ("i**i", lambda: i**i),
    ("i**f", lambda: i**f),
    ("f@M", lambda: f @ Md),
    ("d@M", lambda: d @ M),
    ("M@d", lambda: M @ d),
    ("Md@f", lambda: Md @ f),
    ("M@Md", lambda: M @ Md),
    ("i@i", lambda: i @ i),
    ("i2@i", lambda: torch.ones(2, 2, dtype=torch.int64) @ i),
    ("-i", lambda: -i),
    ("i-b", lambda: i - b),
    ("f-b", lambda: f - b),
    ("b-f", lambda: b - f),
    ("2.5-b", lambda: 2.5 - b),
    ("b.sum", lambda: b.sum()),
    ("b.mean", lambda: b.mean()),
    ("i.sum", lambda: i.sum()),
    ("relu b 0d", lambda: torch.relu(torch.tensor(True))),
    ("tanh i", lambda: torch.tanh(i)),
    ("i*0.5", lambda: i * 0.5),
    ("i/2", lambda: i / 2),
    ("d*f", lambda: d * f),
    ("d+1", lambda: d + 1),
    ("0d d * f", lambda: torch.tensor(2.0, dtype=torch.float64) * f),
    ("0d i * f", lambda: torch.tensor(2) * f),
    ("0d f*d", lambda: torch.tensor(2.0) * d),
    ("i*0d f", lambda: i * torch.tensor(2.5)),
]:
    try:
        r = fn()
        print(lbl, r, r.dtype)
    except Exception as e:
        print(lbl, type(e).__name__, e)
