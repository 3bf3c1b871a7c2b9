# Older spellings still in tutorials (pytorch-examples by jcjohnson, CS224N notebooks, the ZTM course):
# Variable, the legacy tensor types, nelement, is_tensor, inference_mode
import torch
from torch.autograd import Variable

t = torch.ones(2)
v = Variable(t, requires_grad=True)
print(v, v is t, v.is_leaf, t.requires_grad, isinstance(v, Variable))
w = Variable(torch.ones(2))
print(w, w.requires_grad)
print(
    torch.LongTensor([1, 2]),
    torch.FloatTensor([1, 2]),
    torch.DoubleTensor([1]),
    torch.BoolTensor([1, 0]),
    torch.LongTensor(3).shape,
    torch.FloatTensor((0.5, 2)),
)
print(
    isinstance(torch.ones(1), torch.FloatTensor),
    isinstance(torch.ones(1, dtype=torch.float64), torch.FloatTensor),
    torch.FloatTensor,
    isinstance(torch.tensor([1]), torch.LongTensor),
)
print(torch.ones(2, 3).nelement(), torch.is_tensor(t), torch.is_tensor([1]))
with torch.inference_mode():
    a = torch.ones(2, requires_grad=True) * 2
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
print(a, a.requires_grad, torch.is_inference_mode_enabled(), torch.is_grad_enabled())


@torch.inference_mode()
def f(x):
    return x * 2


print(f(torch.ones(1, requires_grad=True)))
with torch.inference_mode(mode=False):
    print((torch.ones(1, requires_grad=True) * 2).grad_fn.name())
with torch.no_grad(), torch.inference_mode(False):
    print(torch.is_grad_enabled())
print(torch.LongTensor([1.7, -2.5]))
