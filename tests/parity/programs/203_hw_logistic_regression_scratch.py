# Course homework: logistic regression from scratch, sigmoid and binary cross-entropy by hand,
# gradient descent with autograd
import torch

torch.manual_seed(0)
X = torch.randn(30, 3)
true_w = torch.tensor([1.5, -2.0, 0.5])
y = (X @ true_w + 0.3 > 0).float()
w = torch.zeros(3, requires_grad=True)
b = torch.zeros(1, requires_grad=True)


def sigmoid(z):
    return 1 / (1 + torch.exp(-z))


def bce(p, y):
    return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()


lr = 0.5
for it in range(25):
    p = sigmoid(X @ w + b)
    loss = bce(p, y)
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
    print(it, loss.item(), ((p > 0.5).float() == y).sum().item())
print(w, b)
print(loss.grad_fn, p.grad_fn)
