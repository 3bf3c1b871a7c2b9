# Two losses on one shared graph: backward each with retain_graph, then the sum, and compare.
import torch

w = torch.tensor([0.5, -0.5], requires_grad=True)
x = torch.tensor([2.0, 1.0])
h = torch.tanh(w * x)
loss1 = h.sum()
loss2 = (h**2).mean()
loss1.backward(retain_graph=True)
g1 = w.grad.clone()
print(g1)
w.grad = None
loss2.backward(retain_graph=True)
g2 = w.grad
print(g2)
w.grad = None
(loss1 + loss2).backward()
print(w.grad, g1 + g2)
