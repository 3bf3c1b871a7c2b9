# Linear regression by hand-written gradient descent: the update runs under no_grad.
import torch

xs = torch.tensor([1.0, 2.0, 3.0, 4.0])
ys = torch.tensor([3.0, 5.0, 7.0, 9.0])
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
lr = 0.05
for step in range(200):
    pred = w * xs + b
    loss = ((pred - ys) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad.zero_()
    b.grad.zero_()
    if step % 50 == 0:
        print(step, f"{loss.item():.4f}")
print(f"w={w.item():.3f} b={b.item():.3f}")
print(w.is_leaf, w.grad_fn, w.requires_grad)
