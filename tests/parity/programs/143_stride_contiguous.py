# is_contiguous, stride, storage_offset, contiguous() and clone() on views (https://pytorch.org/docs/stable/tensor_view.html)
import torch

t = torch.arange(12.0).reshape(3, 4)
for name, v in [
    ("t", t),
    ("t.T", t.T),
    ("t[1]", t[1]),
    ("t[:, 1]", t[:, 1]),
    ("t[1:, 2:]", t[1:, 2:]),
    ("t[::2]", t[::2]),
    ("t.unsqueeze(1)", t.unsqueeze(1)),
    ("t.T.contiguous()", t.T.contiguous()),
    ("t.T.clone()", t.T.clone()),
    ("t[0].expand(2, 4)", t[0].expand(2, 4)),
    ("t.permute(1, 0)", t.permute(1, 0)),
    ("t.view(2, 6)", t.view(2, 6)),
]:
    print(f"{name:20s}", tuple(v.shape), v.stride(), v.storage_offset(), v.is_contiguous())
print(t.stride(0), t.stride(1), t.size(0), t.size(), t.shape)
print(t.T.contiguous() is t.T, t.contiguous() is t)
try:
    t.T.view(12)
except RuntimeError as e:
    print(type(e).__name__, e)
print(t.T.reshape(12))
print(t[:, 1:3].flatten(), t[:, 1:3].is_contiguous())
