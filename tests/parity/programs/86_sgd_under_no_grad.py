# In-place SGD steps under no_grad on a 2-d weight, with += -= *= and zero_.
import torch

W = torch.tensor([[0.25, -0.5], [0.5, 0.75]], requires_grad=True)
x = torch.tensor([1.0, 2.0])
target = torch.tensor([1.0, -1.0])
for step in range(5):
    out = W @ x
    loss = ((out - target) ** 2).sum()
    loss.backward()
    print(step, loss, W.grad)
    with torch.no_grad():
        W -= 0.0625 * W.grad
        W *= 0.5
        W += 0.125
    W.grad.zero_()
print(W, W.is_leaf, W.grad_fn, W.requires_grad)
print(W.grad)
try:
    W += 1
except RuntimeError as e:
    print(type(e).__name__, e)
with torch.no_grad():
    W.zero_()
print(W)
