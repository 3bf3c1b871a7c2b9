# Calling grad_fn nodes by hand: the chain rule one node at a time.
import torch

x = torch.tensor([0.5, 2.0], requires_grad=True)
w = torch.tensor([3.0, -1.0], requires_grad=True)
y = torch.log(x)
print(y.grad_fn(torch.ones(2)))
q = x / w
print(q.grad_fn(torch.ones(2)))
p = x**w
print(p.grad_fn(torch.ones(2)))
s = torch.sqrt(x)
print(s.grad_fn(torch.tensor([1.0, 2.0])))
t = x.tanh()
print(t.grad_fn(torch.ones(2)))
with torch.no_grad():
    print(q.grad_fn(torch.ones(2)))
m = x * 2
print(m.grad_fn(torch.ones(2)))
