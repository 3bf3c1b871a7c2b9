# torch.autograd.backward's and torch.autograd.grad's documented keywords together, as their API
# pages describe them: grad(create_graph=True, materialize_grads=True), backward(inputs=...) with
# create_graph, a tuple of inputs and a gradient, and an input that does not require grad.
import torch

p = torch.tensor([1.0, 2.0], requires_grad=True)
q = torch.tensor([5.0], requires_grad=True)
f = (p**3).sum()
g = torch.autograd.grad(f, [p, q], create_graph=True, materialize_grads=True)
print(g, g[1].requires_grad)
h = p * 2
h.retain_grad()
out = (h**2).sum()
out.backward(inputs=[h, p], create_graph=True)
print(h.grad, p.grad)
p.grad = None
out2 = (p * q).sum()
out2.backward(inputs=(q,))
print(p.grad, q.grad)
out3 = (p * 3).sum()
out3.backward(gradient=torch.tensor(2.0), inputs=[p])
print(p.grad)
try:
    (p * 3).sum().backward(inputs=[torch.tensor([1.0])])
except RuntimeError as e:
    print("RuntimeError:", e)
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
z = y.detach()
try:
    (y.sum()).backward(inputs=[z])
except RuntimeError as e:
    print("RuntimeError:", e)
