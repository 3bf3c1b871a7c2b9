# autograd.grad frees the graph unless retain_graph; a removed hook stays removed.
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * x
print(torch.autograd.grad(y, x, retain_graph=True))
print(torch.autograd.grad(y, x))
try:
    torch.autograd.grad(y, x)
except Exception as e:
    print(type(e).__name__, e)
try:
    y.backward()
except Exception as e:
    print(type(e).__name__, e)
z = x * x
h = z.register_hook(lambda g: g + 1)
h.remove()
h.remove()
z.backward()
print(x.grad)
