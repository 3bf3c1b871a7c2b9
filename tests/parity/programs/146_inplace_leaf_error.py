# In-place on a leaf that requires grad is refused; no_grad, .data and detach() are the ways around
# it (the update step of https://pytorch.org/tutorials/beginner/pytorch_with_examples.html)
import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
for name, op in [
    ("add_", lambda: w.add_(1)),
    ("+=", lambda: w.__iadd__(1)),
    ("w[0] = 5", lambda: w.__setitem__(0, 5.0)),
    ("zero_", lambda: w.zero_()),
    ("clamp_", lambda: w.clamp_(0, 1)),
    ("fill_", lambda: w.fill_(0)),
]:
    try:
        op()
        print(name, "ok", w)
    except RuntimeError as e:
        print(name, type(e).__name__, e)
with torch.no_grad():
    w -= 0.5
    w[0] = 0.0
print(w, w.is_leaf, w.grad_fn)
w.data.mul_(2)
print(w)
w.detach().add_(1)
print(w)
(w * w).sum().backward()
print(w.grad)
w.grad.zero_()
print(w.grad)
