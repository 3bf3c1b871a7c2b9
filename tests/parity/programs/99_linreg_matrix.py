# Linear regression with two features: X @ w + b, MSE loss, closed-form check of the gradient.
import torch

X = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0]])
y = torch.tensor([3.0, -1.0, 2.0, 5.0])
w = torch.tensor([0.5, 0.5], requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
pred = X @ w + b
err = pred - y
loss = (err**2).mean()
loss.backward()
print(pred, err, loss)
print(w.grad, b.grad)
n = len(y)
manual_b = 2 * err.detach().sum() / n
print(manual_b, manual_b == b.grad)
for step in range(3):
    w.grad = None
    b.grad = None
    loss = ((X @ w + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.25 * w.grad
        b -= 0.25 * b.grad
    print(step, loss, w, b)
