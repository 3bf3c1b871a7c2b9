# How a tensor sits in memory, as the fastai and EECS 498 notebooks and the makemore videos show it:
# storage().size(), untyped_storage() sizes and data_ptr of views and copies, resize_, ndimension
import torch

a = torch.arange(18.0)
print(a.view(2, 9), a.view(9, 2).shape, a.storage().size(), len(a.storage()))
b = torch.tensor([1, 2, 3, 4, 5, 6])
v = b.view(2, 3)
print(v.untyped_storage().size(), v.untyped_storage().nbytes(), v.storage().tolist())
print(v.untyped_storage().data_ptr() == b.untyped_storage().data_ptr())
print(b.clone().untyped_storage().data_ptr() == b.untyped_storage().data_ptr())
print(v.T.storage().size(), v.T.stride(), v.T.is_contiguous())
print(torch.tensor([1.0, 2.0]).storage())
print(
    torch.tensor([True, False]).storage().tolist(),
    torch.tensor([1.5], dtype=torch.float64).untyped_storage().size(),
)
r = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
print(r.resize_(2, 3), r.shape, r.ndimension())
print(r.resize_(3, 2), r.resize_(6).shape)
try:
    torch.ones(2, requires_grad=True).resize_(4)
except RuntimeError as e:
    print("RuntimeError:", e)
