# The autograd notes (https://pytorch.org/docs/stable/autograd.html#in-place-correctness-checks, torch.Tensor.detach):
# .data hides an in-place change from autograd (wrong grads, silently); detach() shares the version, backward refuses
import torch

a = torch.tensor([1, 2, 3.0], requires_grad=True)
out = a.sigmoid()
c = out.data
c.zero_()
print(out)  # modified by c.zero_()
out.sum().backward()  # Requires the original value of out, but that was overwritten by c.zero_()
print(a.grad)  # the result is wrong: the grads use the zeroed out
print(out._version, c._version)

a = torch.tensor([1, 2, 3.0], requires_grad=True)
out = a.sigmoid()
c = out.detach()
c.zero_()
print(out)  # modified by c.zero_()
print(out._version, c._version)
try:
    out.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)

# the same with a view of the output and with an in-place op on a view made without grad
a = torch.tensor([1, 2, 3.0], requires_grad=True)
out = a.exp()
with torch.no_grad():
    out[1:].mul_(0.5)
print(out, out._version, out.grad_fn)
try:
    out.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
b = a.detach().clone()
b[0] = 10.0
print(a, b, b.is_leaf, b.requires_grad)
