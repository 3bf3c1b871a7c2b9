# d2l.ai 7.2 "Convolutions for Images": corr2d by hand, a Conv2D module, edge detection, learning the kernel
# with nn.Conv2d (https://d2l.ai/chapter_convolutional-neural-networks/conv-layer.html), plus exercise 2's backward
import torch
from torch import nn

torch.manual_seed(0)


def corr2d(X, K):
    """Compute 2D cross-correlation."""
    h, w = K.shape
    Y = torch.zeros((X.shape[0] - h + 1, X.shape[1] - w + 1))
    for i in range(Y.shape[0]):
        for j in range(Y.shape[1]):
            Y[i, j] = (X[i : i + h, j : j + w] * K).sum()
    return Y


X = torch.Tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]])
K = torch.Tensor([[0, 1], [2, 3]])
print(corr2d(X, K))


class Conv2D(nn.Module):
    def __init__(self, kernel_size):
        super().__init__()
        self.weight = nn.Parameter(torch.rand(kernel_size))
        self.bias = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        return corr2d(x, self.weight) + self.bias


X = torch.ones(6, 8)
X[:, 2:6] = 0
print(X)
K = torch.Tensor([[1, -1]])
Y = corr2d(X, K)
print(Y)
print(corr2d(X.t(), K))
conv = Conv2D((1, 2))
out = conv(X)
print(out.grad_fn, out.shape)
out.sum().backward()
print(conv.weight.grad, conv.bias.grad)
conv2d = nn.Conv2d(1, 1, kernel_size=(1, 2), bias=False)
X = X.reshape((1, 1, 6, 8))
Y = Y.reshape((1, 1, 6, 7))
lr = 3e-2
for i in range(10):
    Y_hat = conv2d(X)
    l = (Y_hat - Y) ** 2  # noqa: E741
    conv2d.zero_grad()
    l.sum().backward()
    conv2d.weight.data[:] -= lr * conv2d.weight.grad
    if (i + 1) % 2 == 0:
        print(f"epoch {i + 1}, loss {l.sum():.3f}")
print(conv2d.weight.data.reshape((1, 2)))
print(Y_hat.grad_fn, conv2d)
