# Walking the graph of a small 2-layer computation, printing names and next_functions.
import torch

x = torch.tensor([1.0, 2.0])
W1 = torch.tensor([[0.5, -0.5], [1.0, 1.0]], requires_grad=True)
b1 = torch.tensor([0.1, -0.1], requires_grad=True)
w2 = torch.tensor([1.0, -1.0], requires_grad=True)
h = torch.relu(W1 @ x + b1)
out = torch.dot(w2, h).sigmoid()
print(out)


def walk(fn, depth=0, seen=None):
    seen = set() if seen is None else seen
    label = "None" if fn is None else type(fn).__name__
    extra = ""
    if fn is not None and hasattr(fn, "variable"):
        extra = " -> " + str(fn.variable.shape)
    print("  " * depth + label + extra)
    if fn is None or id(fn) in seen:
        return
    seen.add(id(fn))
    for nxt, _ in fn.next_functions:
        walk(nxt, depth + 1, seen)


walk(out.grad_fn)
out.backward()
print(W1.grad, b1.grad, w2.grad, sep="\n")
ag = out.grad_fn.next_functions[0][0].next_functions[0][0]
print(ag.name() if ag is not None else None)
print(b1.grad_fn, h.is_leaf, h.requires_grad)
