# The reductions and selections of the d2l and PyTorch tutorials: max/min with and without dim, argmax,
import torch

x = torch.tensor([[1.0, 5.0, -2.0], [7.0, 2.0, 7.0]], requires_grad=True)
print(
    x.max(),
    x.min(),
    x.max(dim=1),
    x.min(dim=0, keepdim=True),
    x.argmax(),
    x.argmax(dim=1),
    x.argmin(1),
)
print(torch.max(x, 1).values, torch.max(x, dim=1)[1])
m = x.max()
m.backward()
print(x.grad)
print(x.norm(), x.std(), x.var(), x.std(dim=1), torch.tensor([1.0, 2.0, 3.0]).prod())
print(
    torch.cat([x, x], 0).shape,
    torch.cat([x, x], dim=1),
    torch.cat([torch.tensor([1, 2]), torch.tensor([3])]),
)
print((x > 0).all(), (x > 6).any(), torch.softmax(x, 1), torch.log_softmax(x, dim=1))
print(torch.maximum(torch.tensor([1.0, 4.0]), torch.tensor([3.0, 2.0])))
y = torch.tensor([3.0, 4.0], requires_grad=True)
n = y.norm()
n.backward()
print(n, y.grad)
