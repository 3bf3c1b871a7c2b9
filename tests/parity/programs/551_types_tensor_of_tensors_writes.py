import torch

# type(t) and the classes' reprs, torch.tensor of one-element tensors, the node a write gives (FillBackward3, CopySlices, IndexPutBackward0, ...)
t = torch.tensor([1.0, 2.0])
print(
    type(t),
    repr(type(t)),
    type(t).__name__,
    type(t).__module__,
    type(t.shape),
    type(t.dtype),
    isinstance(t, torch.Tensor),
)
print(type(torch.nn.Parameter(t)), type(torch.nn.Linear(2, 2)), type(torch.nn.Linear(2, 2).weight))
a = torch.tensor(3.0)
print(
    torch.tensor([a]),
    torch.tensor([a, a]),
    torch.tensor([torch.tensor([1.0]), torch.tensor([2.0])]),
)
print(torch.tensor([torch.tensor(1), torch.tensor(2)]), torch.tensor([[a, a], [a, a]]))
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z = x * 2
z[:] = 0.0
print(z, z.grad_fn)
z = x * 2
z[0] = 5.0
print(z, z.grad_fn)
z = x * 2
z[1:] = torch.tensor([7.0, 8.0])
print(z, z.grad_fn)
z = x * 2
z.fill_(1.0)
print(z, z.grad_fn)
z = x * 2
z.zero_()
print(z, z.grad_fn)
z = x * 2
z[z > 2] = 0
print(z, z.grad_fn)
z = x * 2
z[...] = 1
print(z, z.grad_fn)
z = (x * 2).reshape(3, 1)
z[:, 0] = 1.0
print(z, z.grad_fn)
print(type(torch.float32), torch.Tensor, torch.Size, torch.device("cpu"), type(torch.device("cpu")))
print(type(torch.optim.SGD([x], lr=0.1)), type(torch.utils.data.TensorDataset(x)))
print(type(torch.nn.functional), type(x.grad_fn))
