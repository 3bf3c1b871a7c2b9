# torch.nn.functional as F: relu, softmax, log_softmax, cross_entropy, mse_loss, sigmoid, tanh,
# with values and grad_fns (https://pytorch.org/docs/stable/nn.functional.html)
import torch
import torch.nn.functional as F

# ruff: noqa: E741, N812 - written as the source writes it

x = torch.tensor([[-1.0, 0.0, 2.0], [0.5, -0.5, 1.5]], requires_grad=True)
for name, y in [
    ("relu", F.relu(x)),
    ("softmax", F.softmax(x, dim=1)),
    ("softmax0", F.softmax(x, dim=0)),
    ("log_softmax", F.log_softmax(x, dim=1)),
    ("sigmoid", torch.sigmoid(x)),
    ("tanh", F.tanh(x)),
    ("leaky_relu", F.leaky_relu(x, 0.1)),
    ("gelu", F.gelu(x)),
    ("elu", F.elu(x)),
    ("softplus", F.softplus(x)),
    ("silu", F.silu(x)),
]:
    print(name, y, y.grad_fn.name())
t = torch.tensor([2, 0])
l = F.cross_entropy(x, t)
print(l, l.grad_fn)
m = F.mse_loss(x, torch.zeros(2, 3))
print(m, m.grad_fn)
(l + m).backward()
print(x.grad)
print(F.one_hot(torch.tensor([0, 2, 1]), num_classes=3))
print(F.normalize(torch.tensor([[3.0, 4.0]]), dim=1), F.pad(torch.ones(2), (1, 1)))
print(F.linear(torch.ones(1, 3), torch.ones(2, 3), torch.zeros(2)))
