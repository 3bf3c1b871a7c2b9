# Int, bool and mixed-dtype tensors in products, powers and factories: results and errors.
import torch

i = torch.tensor([1, 2, 3])
f = torch.ones(3)
M = torch.ones(2, 3)
Mi = torch.ones(2, 3, dtype=torch.int64)
for lbl, fn in [
    ("i@f", lambda: i @ f),
    ("f@i", lambda: f @ i),
    ("M@i", lambda: M @ i),
    ("Mi@f", lambda: Mi @ f),
    ("dot f i", lambda: torch.dot(f, i)),
    ("dot d f", lambda: torch.dot(torch.ones(3, dtype=torch.float64), f)),
    ("d@f", lambda: torch.ones(3, dtype=torch.float64) @ f),
    ("i**-2", lambda: i**-2),
    ("i**-1.0", lambda: i**-1.0),
    ("2**-i", lambda: 2 ** (-i)),
    ("i**(-i)", lambda: i ** (-i)),
    ("t(2)**-1", lambda: torch.tensor(2) ** -1),
    ("relu b", lambda: torch.relu(torch.tensor([True]))),
    ("-b", lambda: -torch.tensor(True)),
    ("b-b", lambda: torch.tensor([True]) - torch.tensor([True])),
    ("1-b", lambda: 1 - torch.tensor([True])),
    ("b-1", lambda: torch.tensor([True]) - 1),
    ("zeros int rg", lambda: torch.zeros(2, dtype=torch.int64, requires_grad=True)),
    ("arange rg", lambda: torch.arange(3, requires_grad=True)),
    ("tensor int rg", lambda: torch.tensor(3, requires_grad=True)),
    ("tensor bool rg", lambda: torch.tensor(True, requires_grad=True)),
    ("ones bool rg", lambda: torch.ones(1, dtype=torch.bool, requires_grad=True)),
    ("rg attr", lambda: setattr(i, "requires_grad", True)),
    ("rg_", lambda: i.requires_grad_()),
    ("sig b", lambda: torch.sigmoid(torch.tensor([True]))),
    ("relu i0", lambda: torch.relu(torch.tensor(-3))),
    ("relu i", lambda: torch.tensor([-1, 2]).relu()),
]:
    try:
        print(lbl, fn())
    except Exception as e:
        print(lbl, type(e).__name__, e)
