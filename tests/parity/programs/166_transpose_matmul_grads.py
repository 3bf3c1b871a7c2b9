# Grads through X.T @ X and other transposed products (blitz autograd: gradients are Jacobian products)
import torch

X = torch.tensor([[1.0, 2.0], [3.0, -1.0], [0.5, 0.25]], requires_grad=True)
G = X.T @ X
print(G, G.grad_fn, G.grad_fn.next_functions)
G.sum().backward()
print(X.grad)
X.grad = None
out = (X @ X.T).trace()
print(out, out.grad_fn)
out.backward()
print(X.grad)
w = torch.tensor([0.5, -1.0], requires_grad=True)
y = X.detach() @ w
print(y, y.grad_fn)
y.backward(torch.tensor([1.0, 0.0, -1.0]))
print(w.grad)
