# clamp, where, norm, std, mean(dim, keepdim), abs, sign as homework uses them, with grads
import torch

x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 3.0], requires_grad=True)
for name, y in [
    ("clamp(-1, 1)", x.clamp(-1, 1)),
    ("clamp(min=0)", torch.clamp(x, min=0)),
    ("clamp(max=0.5)", x.clamp(max=0.5)),
    ("where", torch.where(x > 0, x, 0.1 * x)),
    ("norm", x.norm()),
    ("norm(1)", x.norm(p=1)),
    ("linalg.norm", torch.linalg.norm(x)),
    ("std", x.std()),
    ("abs", x.abs()),
    ("sign", x.sign()),
]:
    x.grad = None
    y.sum().backward()
    print(name, y, y.grad_fn, x.grad)
M = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(
    M.mean(0),
    M.mean(1, keepdim=True),
    M.sum(dim=(0, 1)),
    M.norm(dim=1),
    M.std(0),
    M.prod(1),
    M.cumsum(1),
)
print(torch.where(M > 2.5), torch.where(M > 2.5, M, torch.zeros_like(M)))
print(M.clamp(2, 5), torch.clip(M, 2, 5), M.abs().max())
