# A layer of three tanh neurons on a 2-d input, written with a weight matrix; grads checked by hand.
import torch

x = torch.tensor([0.5, -1.0])
W = torch.tensor([[0.1, 0.2], [-0.3, 0.4], [0.5, -0.6]], requires_grad=True)
b = torch.tensor([0.0, 0.1, -0.1], requires_grad=True)
h = torch.tanh(W @ x + b)
out = h.sum()
out.backward()
print(h, out)
print(W.grad)
print(b.grad, 1 - h.detach() ** 2)
print(b.grad == 1 - h.detach() ** 2)
print(h.grad_fn, h.grad_fn.next_functions[0][0], h.grad_fn.next_functions[0][0].next_functions)
