# Comparisons as masks: hinge-like losses, counting with bool sums, accuracy under no_grad.
import torch

x = torch.tensor([[-1.0, 2.0], [0.5, -3.0]], requires_grad=True)
mask = x > 0
print(mask, mask.dtype, mask.sum(), mask.sum().item())
print(x * mask, (x * mask).grad_fn)
loss = (x * mask).sum() + ((1 - x) * (x < 1)).sum()
loss.backward()
print(loss, x.grad)
pred = torch.tensor([0.9, 0.2, 0.7, 0.4])
label = torch.tensor([1.0, 0.0, 0.0, 0.0])
with torch.no_grad():
    correct = ((pred > 0.5) == (label > 0.5)).sum()
    acc = correct / len(label)
print(correct, acc, acc.item(), correct.dtype, acc.dtype)
print(x >= 0.5, x != 2, 0 < x, 2.0 == x)  # noqa: SIM300 - reflected comparisons
