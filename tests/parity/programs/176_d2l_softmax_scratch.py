# d2l.ai 4.4 softmax regression from scratch on a small made-up data set instead of Fashion-MNIST
# (https://d2l.ai/chapter_linear-classification/softmax-regression-scratch.html)
import torch

# ruff: noqa: E741 - written as the source writes it

torch.manual_seed(0)
num_inputs, num_outputs = 4, 3
X_all = torch.randn(30, num_inputs)
y_all = (X_all[:, 0] + X_all[:, 1] > 0).long() + (X_all[:, 2] > 1).long()
W = torch.normal(0, 0.01, size=(num_inputs, num_outputs), requires_grad=True)
b = torch.zeros(num_outputs, requires_grad=True)


def softmax(X):
    X_exp = torch.exp(X)
    partition = X_exp.sum(1, keepdim=True)
    return X_exp / partition


X = torch.normal(0, 1, (2, 5))
X_prob = softmax(X)
print(X_prob, X_prob.sum(1))


def net(X):
    return softmax(torch.matmul(X.reshape((-1, W.shape[0])), W) + b)


def cross_entropy(y_hat, y):
    return -torch.log(y_hat[range(len(y_hat)), y])


y = torch.tensor([0, 2])
y_hat = torch.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]])
print(y_hat[[0, 1], y], cross_entropy(y_hat, y))


def accuracy(y_hat, y):
    if len(y_hat.shape) > 1 and y_hat.shape[1] > 1:
        y_hat = y_hat.argmax(axis=1)
    cmp = y_hat.type(y.dtype) == y
    return float(cmp.type(y.dtype).sum())


print(accuracy(y_hat, y) / len(y))
lr = 0.1
for epoch in range(10):
    for i in range(0, 30, 10):
        Xb, yb = X_all[i : i + 10], y_all[i : i + 10]
        l = cross_entropy(net(Xb), yb)
        l.sum().backward()
        with torch.no_grad():
            for param in [W, b]:
                param -= lr * param.grad / 10
                param.grad.zero_()
    with torch.no_grad():
        out = net(X_all)
        print(epoch + 1, cross_entropy(out, y_all).mean().item(), accuracy(out, y_all) / 30)
