# Old-style SGD through .data, and .grad.data.zero_(), as older tutorials write it.
import torch

w = torch.tensor([1.0, -1.0], requires_grad=True)
x = torch.tensor([2.0, 3.0])
for step in range(3):
    loss = ((w * x).sum() - 1) ** 2
    loss.backward()
    w.data -= 0.01 * w.grad.data
    print(step, loss, w, w.data, w.grad)
    w.grad.data.zero_()
print(w.data.requires_grad, w.data.is_leaf, w.is_leaf, w.grad_fn)
d = w.data
d[0] = 7.0
print(w)
