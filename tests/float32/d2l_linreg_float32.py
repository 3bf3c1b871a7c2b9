# d2l's linear regression from scratch (fixed data, minibatches of two): every step is float32,
# so the losses and .item() values print PyTorch's bits; then tanh's gradient and a softmax.
import torch

true_w = torch.tensor([2.0, -3.4])
true_b = 4.2
X = torch.tensor([[0.1 * i, 0.05 * i - 0.3] for i in range(6)])
y = (X * true_w).sum(1) + true_b
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.03
for epoch in range(5):
    for i in range(0, 6, 2):
        Xb, yb = X[i : i + 2], y[i : i + 2]
        pred = (Xb * w).sum(1) + b
        loss = ((pred - yb) ** 2 / 2).sum()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad / 2
            b -= lr * b.grad / 2
            w.grad.zero_()
            b.grad.zero_()
    with torch.no_grad():
        last = (((X[4:] * w).sum(1) + b - y[4:]) ** 2 / 2).sum()
        print(f"epoch {epoch + 1}, loss {float(last):f}", last.item())
print(w, b)
print(loss.item(), w[0].item(), b.item())
x = torch.tensor(8.0, requires_grad=True)
x.tanh().backward()
print(x.grad, x.grad.item())
z = torch.tensor([0.1, 0.2, 0.7]) * 3
print(z, z.sum().item(), (z / 3).tolist())
s = torch.tensor([1.0, 2.0, 3.0]).exp()
print(s / s.sum(), (s / s.sum()).sum())
r = torch.tensor([2.0, 10.0]).sqrt()
print(r.tolist(), (r * r).tolist())
