# d2l.ai 5.2 MLP from scratch: nn.Parameter(torch.randn(...) * 0.01), relu via torch.max, SGD
# (https://d2l.ai/chapter_multilayer-perceptrons/mlp-implementation.html), small made-up data
import torch
from torch import nn

# ruff: noqa: E741 - written as the source writes it

torch.manual_seed(0)
num_inputs, num_outputs, num_hiddens = 6, 3, 8
W1 = nn.Parameter(torch.randn(num_inputs, num_hiddens, requires_grad=True) * 0.01)
b1 = nn.Parameter(torch.zeros(num_hiddens, requires_grad=True))
W2 = nn.Parameter(torch.randn(num_hiddens, num_outputs, requires_grad=True) * 0.01)
b2 = nn.Parameter(torch.zeros(num_outputs, requires_grad=True))
params = [W1, b1, W2, b2]


def relu(X):
    a = torch.zeros_like(X)
    return torch.max(X, a)


def net(X):
    X = X.reshape((-1, num_inputs))
    H = relu(X @ W1 + b1)
    return H @ W2 + b2


print(relu(torch.tensor([-1.0, 0.0, 2.0])))
X_all = torch.randn(24, num_inputs)
y_all = torch.randint(0, 3, (24,))
loss = nn.CrossEntropyLoss(reduction="none")
updater = torch.optim.SGD(params, lr=0.1)
for epoch in range(10):
    l = loss(net(X_all), y_all)
    updater.zero_grad()
    l.mean().backward()
    updater.step()
    print(epoch + 1, l.mean().item())
print(W1.grad.norm().item(), b2)
