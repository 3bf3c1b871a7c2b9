# A moving target made with detach: only the prediction side gets gradient.
import torch

w = torch.tensor(1.0, requires_grad=True)
x = torch.tensor([1.0, 2.0, 3.0])
for step in range(4):
    pred = w * x
    target = (2 * pred).detach()
    loss = ((pred - target) ** 2).mean()
    loss.backward()
    print(step, pred, target, loss, w.grad)
    with torch.no_grad():
        w -= 0.01 * w.grad
    w.grad.zero_()
print(w)
