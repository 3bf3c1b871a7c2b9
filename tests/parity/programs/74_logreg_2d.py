# Logistic regression on 2-D points with sigmoid and binary cross-entropy written by hand.
import torch

X = torch.tensor([[1.0, 2.0], [2.0, 1.0], [-1.0, -2.0], [-2.0, -1.0], [0.5, 0.5], [-0.5, -0.2]])
y = torch.tensor([1.0, 1.0, 0.0, 0.0, 1.0, 0.0])
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
print(X.shape, y.shape, w, b)
for it in range(25):
    z = X @ w + b
    p = torch.sigmoid(z)
    loss = -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
    loss.backward()
    if it % 6 == 0:
        print(it, loss, w.grad, b.grad)
    with torch.no_grad():
        w -= 0.5 * w.grad
        b -= 0.5 * b.grad
        w.grad.zero_()
        b.grad.zero_()
print(z.grad_fn, p.grad_fn, loss.grad_fn)
print(p)
print((p > 0.5) == (y > 0.5))
print(w, b)
