# "Autograd mechanics" (pytorch/pytorch docs/source/notes/autograd.rst: requires_grad,
# grad modes, inference mode, in-place correctness checks) and the torch.autograd API pages it
# points to (backward(inputs=...), autograd.grad's allow_unused and materialize_grads,
# retain_grad, tensor hooks and in-place ops), as written; adaptations: a seed, prints, and
# try/except around the lines whose errors the notes describe.
import torch

torch.manual_seed(0)

x = torch.randn(5, 5)  # requires_grad=False by default
y = torch.randn(5, 5)  # requires_grad=False by default
z = torch.randn((5, 5), requires_grad=True)
a = x + y
print(a.requires_grad)
b = a + z
print(b.requires_grad)

# backward(inputs=...): only these leaves get a .grad
w1 = torch.tensor([1.0, 2.0], requires_grad=True)
w2 = torch.tensor([3.0, 4.0], requires_grad=True)
loss = (w1 * w2).sum()
loss.backward(inputs=[w1], retain_graph=True)
print(w1.grad, w2.grad)
loss.backward(inputs=w2)
print(w1.grad, w2.grad)
h = w1 * 2
out = (h * w2).sum()
out.backward(inputs=[h])
print(h.grad, w1.grad, w2.grad)
try:
    (w1 * 2).sum().backward(inputs=[])
except RuntimeError as e:
    print("RuntimeError:", e)
torch.autograd.backward([(w1**2).sum()], inputs=[w1])
print(w1.grad)

# autograd.grad: allow_unused and materialize_grads
p = torch.tensor([1.0, 2.0], requires_grad=True)
q = torch.tensor([5.0], requires_grad=True)
f = (p**2).sum()
try:
    torch.autograd.grad(f, [p, q], retain_graph=True)
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.autograd.grad(f, [p, q], allow_unused=True, retain_graph=True))
print(torch.autograd.grad(f, [p, q], materialize_grads=True, retain_graph=True))
print(torch.autograd.grad(f, [p, q], allow_unused=True, materialize_grads=True))
try:
    torch.autograd.grad((p * 2).sum(), [q], allow_unused=False, materialize_grads=True)
except ValueError as e:
    print("ValueError:", e)

# retain_grad on a non-leaf
u = torch.tensor([1.0, -1.0], requires_grad=True)
v = u * 3
v.retain_grad()
print(v.retains_grad, u.retains_grad)
(v**2).sum().backward()
print(v.grad, u.grad)
v2 = u * 3
(v2**2).sum().backward()
print(v2.grad)

# hooks and in-place ops
t = torch.tensor([1.0, 2.0], requires_grad=True)
s = t * 1
s.register_hook(lambda g: print("hook on s before mul_:", g))
s.mul_(2)
s.register_hook(lambda g: print("hook on s after mul_:", g))
s.sum().backward()
print(t.grad)
t2 = torch.tensor([1.0, 2.0], requires_grad=True)
t2.register_hook(lambda g: g * 10)
(t2 * t2).sum().backward()
print(t2.grad)

# in-place correctness checks
e = torch.tensor([1.0, 2.0], requires_grad=True)
r = e.exp()
r.add_(1)
try:
    r.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)
sg = torch.tensor([0.5, 1.5], requires_grad=True)
sig = sg.sigmoid()
sig.mul_(2)
try:
    sig.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)

# grad modes: no-grad and inference mode
with torch.no_grad():
    n = z * 2
print(n.requires_grad)
with torch.inference_mode():
    i = torch.ones(2, 2)
    j = z * 2
print(i.requires_grad, j.requires_grad, i.is_inference(), torch.is_inference_mode_enabled())
try:
    i.requires_grad_()
except RuntimeError as err:
    print("RuntimeError:", err)
k = torch.ones(2, 2, requires_grad=True)
try:
    (i * k).sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    i.add_(1)
except RuntimeError as err:
    print("RuntimeError:", err)
print((i + 1).requires_grad)


@torch.inference_mode()
def predict(m):
    return m * 2


print(predict(z).requires_grad)

model = torch.nn.Linear(3, 1)
for param in model.parameters():
    param.requires_grad = False
model.weight.requires_grad_(True)
print([p.requires_grad for p in model.parameters()])
model.requires_grad_(False)
print([p.requires_grad for p in model.parameters()])
