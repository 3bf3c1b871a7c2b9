# The in-place SGD step keeps parameters as leaves; the grads are zeroed between steps.
import torch

p = torch.tensor([1.0, -2.0], requires_grad=True)
for step in range(3):
    loss = (p * p).sum()
    loss.backward()
    print(step, loss, p.grad)
    with torch.no_grad():
        p -= 0.25 * p.grad
    p.grad.zero_()
    print(p, p.is_leaf, p.grad_fn)
q = torch.tensor([1.0, 2.0], requires_grad=True)
(q * 4).sum().backward()
with torch.no_grad():
    q += q.grad
    q *= 0.5
print(q, q.requires_grad)
(q * q).sum().backward()
print(q.grad)
