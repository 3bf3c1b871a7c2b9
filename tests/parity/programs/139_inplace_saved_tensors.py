# The autograd mechanics note, "In-place correctness checks": every tensor keeps a version
# counter, and backward refuses to use a saved tensor that was modified in place.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
a = x + 1
b = a * a
a.add_(1)
print(a._version, a.grad_fn)
try:
    b.sum().backward()
except RuntimeError as e:
    print(e)

y = x.exp()
y.mul_(2)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)

s = torch.sigmoid(x)
s += 1
try:
    s.sum().backward()
except RuntimeError as e:
    print(e)

c = torch.tensor([3.0, 4.0])
z = x * c
c.mul_(2)
print(c._version)
try:
    z.sum().backward()
except RuntimeError as e:
    print(e)

# detach() shares the version counter; .data does not, so backward reads the new values
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
k = torch.tensor([1.0, 1.0, 1.0])
out = (w * k).sum()
k.data.mul_(2)
print(k._version, k)
out.backward()
print(w.grad)
p = torch.tensor([2.0, 3.0], requires_grad=True)
h = torch.tensor([1.0, 1.0])
loss = (p * h).sum()
h.detach().zero_()
print(h._version, h)
try:
    loss.backward()
except RuntimeError as e:
    print(e)

for f in (lambda: x.add_(1), lambda: x.mul_(2), lambda: x.zero_(), lambda: x.fill_(1.0)):
    try:
        f()
    except RuntimeError as e:
        print(e)
try:
    x[0] = 5.0
except RuntimeError as e:
    print(e)
with torch.no_grad():
    x.sub_(0.5)
    x[1] = 0.25
print(x, x._version, x.is_leaf)
v = x * 1
v.add_(1)
print(v, v._version)
v.div_(2)
v -= 1
print(v, v._version, v.grad_fn)
