# d2l.ai 5.6 dropout from scratch: dropout_layer(X, 0.), (X, 0.5), (X, 1.)
# (https://d2l.ai/chapter_multilayer-perceptrons/dropout.html)
import torch

torch.manual_seed(0)


def dropout_layer(X, dropout):
    assert 0 <= dropout <= 1
    if dropout == 1:
        return torch.zeros_like(X)
    mask = (torch.rand(X.shape) > dropout).float()
    return mask * X / (1.0 - dropout)


X = torch.arange(16, dtype=torch.float32).reshape((2, 8))
print("dropout_p = 0:", dropout_layer(X, 0))
print("dropout_p = 0.5:", dropout_layer(X, 0.5))
print("dropout_p = 1:", dropout_layer(X, 1))
Xg = X.clone().requires_grad_()
out = dropout_layer(Xg, 0.25)
out.sum().backward()
print(out, Xg.grad)
