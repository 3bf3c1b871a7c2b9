# max, min, argmax, topk, sort with their return types and grads (https://pytorch.org/docs/stable/torch.html#reduction-ops)
import torch

t = torch.tensor(
    [[3.0, 1.0, 4.0, 1.0], [5.0, 9.0, 2.0, 6.0], [5.0, 3.0, 5.0, 8.0]], requires_grad=True
)
print(t.max(), t.min(), t.argmax(), t.argmin())
r = t.max(dim=1)
print(r)
print(r.values, r.indices, r[0], type(r).__name__)
print(torch.max(t, 0), t.min(1, keepdim=True))
print(t.argmax(dim=1), torch.argmax(t, dim=0), t.argmax(1, keepdim=True))
print(torch.topk(t, 2))
print(t.topk(2, dim=0, largest=False))
print(torch.sort(t, dim=1))
print(t.sort(descending=True).indices, torch.argsort(t[0]))
(t.max(dim=1).values.sum() + torch.topk(t, 2).values.sum()).backward()
print(t.grad)
print(t.amax(1), t.amin(0), torch.maximum(t[0], t[1]))
print(torch.max(torch.tensor([1.0, 3.0, 3.0]), 0))
