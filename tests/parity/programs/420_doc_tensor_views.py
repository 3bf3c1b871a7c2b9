# The "Tensor Views" notes of the PyTorch docs, run as written (storage().data_ptr() as data_ptr())
# (https://pytorch.org/docs/stable/tensor_view.html)
import torch

torch.manual_seed(0)
t = torch.rand(4, 4)
b = t.view(2, 8)
print(t.data_ptr() == b.data_ptr())  # `t` and `b` share the same underlying data.
# Modifying view tensor changes base tensor as well.
b[0][0] = 3.14
print(t[0][0])
base = torch.tensor([[0, 1], [2, 3]])
print(base.is_contiguous())
t = base.transpose(0, 1)  # `t` is a view of `base`. No data movement happened here.
# View tensors might be non-contiguous.
print(t.is_contiguous())
# To get a contiguous tensor, call `.contiguous()` to enforce
# copying data when `t` is not contiguous.
c = t.contiguous()
print(c, c.is_contiguous(), c.data_ptr() == base.data_ptr())


def shares_memory(v, base):
    # the view's first element lies inside base's memory (8 bytes per int64 element)
    return 0 <= v.data_ptr() - base.data_ptr() < base.numel() * 8


for name, v in [
    ("basic slice", base[0]),
    ("view", base.view(4)),
    ("unsqueeze", base.unsqueeze(0)),
    ("expand", base[:1].expand(3, 2)),
    ("T", base.T),
    ("narrow-like", base[:, 1:]),
    ("advanced index", base[[1, 0]]),
    ("mask", base[base > 0]),
    ("reshape of a view", t.reshape(4)),
    ("flatten", base.flatten()),
]:
    print(f"{name:18s}", tuple(v.shape), v.stride(), v.is_contiguous(), shares_memory(v, base))
base[0, 0] = 100
print(t, base.view(4), base[[1, 0]])
