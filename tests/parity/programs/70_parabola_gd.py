# Gradient descent on a parabola f(x) = (x - 3)^2, printing every step.
import torch

x = torch.tensor(0.0, requires_grad=True)
lr = 0.1
for step in range(12):
    loss = (x - 3) ** 2
    loss.backward()
    print(step, loss, x.grad, f"{loss.item():.4f}", f"{x.item():.4f}")
    with torch.no_grad():
        x -= lr * x.grad
    x.grad.zero_()
print("final", x, x.is_leaf, x.grad_fn, x.requires_grad)
