# Linear regression by hand on y = 2x + 1, full batch, manual SGD.
import torch

X = torch.tensor([0.0, 1.0, 2.0, 3.0, 4.0])
Y = 2 * X + 1
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
for epoch in range(40):
    pred = w * X + b
    loss = ((pred - Y) ** 2).mean()
    loss.backward()
    if epoch % 5 == 0:
        print(f"epoch {epoch:2d} loss {loss.item():.6f} w {w.item():.3f} b {b.item():.3f}")
        print("   grads", w.grad, b.grad)
    with torch.no_grad():
        w -= 0.05 * w.grad
        b -= 0.05 * b.grad
    w.grad = None
    b.grad = None
print(w, b)
print(pred)
print(loss)
