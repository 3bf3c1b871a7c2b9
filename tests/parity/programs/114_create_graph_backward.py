import warnings

import torch

# backward(create_graph=True): the grad is a graph, so it can be differentiated again.

warnings.simplefilter("ignore")
x = torch.tensor(2.0, requires_grad=True)
y = x**3
y.backward(create_graph=True)
print(x.grad, x.grad.requires_grad)
g = x.grad
x.grad = None
g.backward()
print(x.grad)
z = torch.tensor([1.0, 2.0], requires_grad=True)
(z.sin().sum()).backward(create_graph=True)
print(z.grad)
gz = z.grad.clone()
z.grad = None
gz.sum().backward()
print(z.grad)
