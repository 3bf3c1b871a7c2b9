# micrograd's neuron, written in torch with 0-d tensors, walking the graph at the end.
import torch

x1 = torch.tensor(2.0, requires_grad=True)
x2 = torch.tensor(0.0, requires_grad=True)
w1 = torch.tensor(-3.0, requires_grad=True)
w2 = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(6.8813735870195432, requires_grad=True)
n = x1 * w1 + x2 * w2 + b
o = torch.tanh(n)
print(round(o.data.item(), 4))
o.backward()
print("---")
print("x2", round(x2.grad.item(), 4))
print("w2", round(w2.grad.item(), 4))
print("x1", round(x1.grad.item(), 4))
print("w1", round(w1.grad.item(), 4))
print(b, n, o)


def walk(fn, depth=0):
    print("  " * depth + (fn.name() if fn is not None else "None"))
    if fn is not None:
        for nxt, _ in fn.next_functions:
            walk(nxt, depth + 1)


walk(o.grad_fn)
for t in (x1, x2, w1, w2):
    t.grad = None
n = x1 * w1 + x2 * w2 + b
e = (2 * n).exp()
o2 = (e - 1) / (e + 1)
o2.backward()
print(round(x1.grad.item(), 4), round(w1.grad.item(), 4), x2.grad, w2.grad)
walk(o2.grad_fn)
