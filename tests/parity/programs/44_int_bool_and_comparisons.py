# Integer and bool tensors, and comparisons that make bool tensors without grad.
import torch

print(torch.tensor(3), torch.tensor([1, 2, 3]), torch.tensor([-10, 200, 3]))
print(torch.tensor([True, False]))
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.tensor([3.0, 2.0, 1.0])
for name, t in [
    ("==", x == y),
    ("!=", x != y),
    ("<", x < y),
    ("<=", x <= y),
    (">", x > y),
    (">=", x >= y),
    ("> 1.5", x > 1.5),
    ("== 2", x == 2),
]:
    print(name, t, t.requires_grad, t.grad_fn)
print((x > 1).tolist(), (x > 1)[0], (x > 1)[1].item())
print(torch.tensor(2.0) > torch.tensor(1.0))
