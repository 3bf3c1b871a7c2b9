# Gradient descent on the 2-d bowl f(x, y) = x^2 + 3y^2 from (2, 1), printing the path.
import torch

p = torch.tensor([2.0, 1.0], requires_grad=True)
scale = torch.tensor([1.0, 3.0])
for step in range(8):
    f = (scale * p**2).sum()
    f.backward()
    print(step, f, p.grad, p)
    with torch.no_grad():
        p -= 0.125 * p.grad
    p.grad = None
print(p.tolist())
