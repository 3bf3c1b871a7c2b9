# The micrograd lecture's training run (xs, ys, MLP(3, [4, 4, 1]), 20 steps of gradient descent)
# written with torch.nn, as students do after the lecture
import torch
from torch import nn

torch.manual_seed(1337)
xs = torch.tensor([[2.0, 3.0, -1.0], [3.0, -1.0, 0.5], [0.5, 1.0, 1.0], [1.0, 1.0, -1.0]])
ys = torch.tensor([1.0, -1.0, -1.0, 1.0])
n = nn.Sequential(
    nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 1), nn.Tanh()
)
print(n)
print(sum(p.numel() for p in n.parameters()))
for k in range(20):
    ypred = n(xs).squeeze(1)
    loss = sum((yout - ygt) ** 2 for ygt, yout in zip(ys, ypred))
    for p in n.parameters():
        p.grad = None
    loss.backward()
    for p in n.parameters():
        p.data += -0.1 * p.grad
    print(k, loss.item())
print(ypred)
print(loss.grad_fn, loss.grad_fn.next_functions)
