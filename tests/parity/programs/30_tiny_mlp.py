# A two-layer network by hand: matrix-vector products, tanh, and a squared error.
import torch

x = torch.tensor([1.0, -1.0, 0.5])
W1 = torch.tensor([[0.5, -0.5, 1.0], [0.25, 0.0, -1.0]], requires_grad=True)
b1 = torch.tensor([0.0, 0.5], requires_grad=True)
W2 = torch.tensor([[1.0, -2.0]], requires_grad=True)
h = torch.tanh(W1 @ x + b1)
out = W2 @ h
loss = ((out - 1.0) ** 2).sum()
print(h)
print(out)
print(loss)
print(h.grad_fn, out.grad_fn, loss.grad_fn)
loss.backward()
print(W1.grad)
print(b1.grad)
print(W2.grad)
