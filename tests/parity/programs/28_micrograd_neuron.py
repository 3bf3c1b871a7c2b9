# The micrograd lecture's tanh neuron, written with torch tensors.
import torch

x1 = torch.tensor(2.0, requires_grad=True)
x2 = torch.tensor(0.0, requires_grad=True)
w1 = torch.tensor(-3.0, requires_grad=True)
w2 = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(6.8813735870195432, requires_grad=True)
n = x1 * w1 + x2 * w2 + b
o = torch.tanh(n)
print(n.grad_fn, o.grad_fn)
print(f"{o.item():.4f}")
o.backward()
print("---")
for name, t in [("x2", x2), ("w2", w2), ("x1", x1), ("w1", w1)]:
    print(name, f"{t.grad.item():.4f}")
