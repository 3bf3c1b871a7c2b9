# nn.Linear: its seeded weights, repr, forward on 1-D and 2-D input, grad_fns and grads
# (https://pytorch.org/docs/stable/generated/torch.nn.Linear.html)
import torch
from torch import nn

torch.manual_seed(0)
layer = nn.Linear(3, 2)
print(layer)
print(layer.weight)
print(layer.bias)
print(layer.in_features, layer.out_features, layer.weight.shape, layer.bias.shape)
x = torch.tensor([1.0, -1.0, 2.0])
y = layer(x)
print(y, y.grad_fn)
Y = layer(x.unsqueeze(0))
print(Y, Y.grad_fn)
Y.sum().backward()
print(layer.weight.grad, layer.bias.grad)
nb = nn.Linear(3, 2, bias=False)
print(nb, nb.bias, nb(x).grad_fn)
print(nn.Linear(4, 1)(torch.ones(5, 4)).shape, nn.Linear(2, 3)(torch.ones(2, 5, 2)).shape)
try:
    layer(torch.ones(4))
except RuntimeError as e:
    print(type(e).__name__, e)
