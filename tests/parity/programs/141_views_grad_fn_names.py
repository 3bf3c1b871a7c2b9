# The view ops a student meets in the tensor tutorial (https://pytorch.org/tutorials/beginner/basics/tensorqs_tutorial.html):
# each result's grad_fn, and the grads that flow back through it.
import torch

t = torch.arange(6.0).reshape(2, 3).requires_grad_()
views = {
    "view(3, 2)": t.view(3, 2),
    "view(-1)": t.view(-1),
    "reshape(6)": t.reshape(6),
    "flatten()": t.flatten(),
    "unsqueeze(0)": t.unsqueeze(0),
    "unsqueeze(1).squeeze()": t.unsqueeze(1).squeeze(),
    ".T": t.T,
    "transpose(0, 1)": t.transpose(0, 1),
    "permute(1, 0)": t.permute(1, 0),
    "t()": t.t(),
    "t[:, 1:3]": t[:, 1:3],
    "t[:, 0]": t[:, 0],
    "t[1]": t[1],
    "expand": t[0].expand(4, 3),
}
for name, v in views.items():
    print(f"{name:30s}", tuple(v.shape), v.grad_fn.name(), v.is_leaf, v._base is t)
for name, v in views.items():
    t.grad = None
    weights = torch.arange(v.numel(), dtype=torch.float32).reshape(v.shape)
    (v * weights).sum().backward()
    print(name, t.grad.tolist())
