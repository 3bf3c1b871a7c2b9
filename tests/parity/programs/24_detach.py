# detach() gives a leaf that does not require grad and cuts the graph.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
d = y.detach()
print(d, d.requires_grad, d.is_leaf, d.grad_fn)
print(x.detach())
z = (d * x).sum()
z.backward()
print(x.grad)
e = x.detach().requires_grad_()
print(e, e.is_leaf)
