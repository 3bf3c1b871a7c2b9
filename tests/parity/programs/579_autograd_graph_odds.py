import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.autograd.function import Function, once_differentiable

# the "fuse the optimizer step into backward" recipe: a hook after each grad is accumulated
torch.manual_seed(0)
model = nn.Linear(3, 2)
optimizer_dict = {p: torch.optim.SGD([p], lr=0.1) for p in model.parameters()}


def optimizer_hook(parameter) -> None:
    optimizer_dict[parameter].step()
    optimizer_dict[parameter].zero_grad()


for p in model.parameters():
    p.register_post_accumulate_grad_hook(optimizer_hook)
x = torch.randn(4, 3)
for step in range(3):
    loss = model(x).pow(2).mean()
    loss.backward()
    print(step, loss.item(), model.weight.grad)
print(model.weight, model.bias)


class Square(Function):
    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t)
        return t * t

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        (t,) = ctx.saved_tensors
        return 2 * t * grad


for dt in [torch.float32, torch.float64]:
    a = torch.tensor([0.5, 1.5, 3.0], dtype=dt, requires_grad=True)
    y = Square.apply(a)
    y.sum().backward()
    print(y, a.grad)
    v = Variable(a.detach(), requires_grad=True)
    print(v, isinstance(v, Variable))
    d = (a * 2).detach_()
    print(d, d.requires_grad, d.is_leaf)
    print(torch.polygamma(1, a), a.polygamma(2))
    p = a.polygamma(0)
    p.sum().backward()
    print(p, a.grad)
    print(torch.asarray([1, 2, 3], dtype=dt), torch.asarray(a.detach()) is not None)
    print(torch.fill(a, 7.0))
    r = torch.arange(6.0, dtype=dt).requires_grad_()
    print(r.view(2, 3))
print(torch.get_float32_matmul_precision(), torch.is_warn_always_enabled())
