# d2l.ai 5.1 "Multilayer Perceptrons", activation functions: relu, sigmoid, tanh and their derivatives via
# y.backward(torch.ones_like(x), retain_graph=True) and x.grad.data.zero_() (https://d2l.ai/chapter_multilayer-perceptrons/mlp.html), plots as prints
import torch

x = torch.arange(-8.0, 8.0, 0.1, requires_grad=True)
y = torch.relu(x)
print(x.shape, x[::16])
print(y[::16], y.grad_fn)
y.backward(torch.ones_like(x), retain_graph=True)
print(x.grad[::16])
print(x.grad[78:83])
y = torch.sigmoid(x)
print(y[::16])
x.grad.data.zero_()
y.backward(torch.ones_like(x), retain_graph=True)
print(x.grad[::16], x.grad.max())
y = torch.tanh(x)
print(y[::16])
x.grad.data.zero_()
y.backward(torch.ones_like(x), retain_graph=True)
print(x.grad[::16], x.grad.max())
print(x[80], x[80].item(), torch.relu(torch.tensor(0.0, requires_grad=True)))
