# Python's sum() starts from 0, so the first add has a (None, 0) slot.
import torch

a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(2.0, requires_grad=True)
s = sum([a, b])
print(s)
outer = s.grad_fn
inner = outer.next_functions[0][0]
print(outer.name(), [None if f is None else f.name() for f, _ in outer.next_functions])
print(inner.name(), [None if f is None else f.name() for f, _ in inner.next_functions])
s.backward()
print(a.grad, b.grad)
