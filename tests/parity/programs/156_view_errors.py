# The shape errors of view/reshape a student reads (https://pytorch.org/docs/stable/generated/torch.Tensor.view.html)
import torch

t = torch.arange(12.0)
for name, f in [
    ("view(5, -1)", lambda: t.view(5, -1)),
    ("view(-1, -1)", lambda: t.view(-1, -1)),
    ("reshape(5, 2)", lambda: t.reshape(5, 2)),
    ("T.view(-1)", lambda: t.view(3, 4).T.view(-1)),
    ("squeeze(3)", lambda: t.view(3, 4).squeeze(3)),
    ("permute(0)", lambda: t.view(3, 4).permute(0)),
    ("transpose(0, 2)", lambda: t.view(3, 4).transpose(0, 2)),
    ("expand(2, 6)", lambda: t.expand(2, 6)),
    ("t[12]", lambda: t[12]),
    ("t[0, 0]", lambda: t[0, 0]),
]:
    try:
        print(name, f())
    except (RuntimeError, IndexError) as e:
        print(name, type(e).__name__, e)
print(
    t.view(2, 2, 3).shape, t.view(-1, 6).shape, t.reshape(4, -1).shape, t.view(3, 4).squeeze().shape
)
