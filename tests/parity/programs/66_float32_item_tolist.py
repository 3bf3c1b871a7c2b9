# Numbers leave a float32 tensor as float32 values: item() and tolist() show the rounding.
import torch

print(torch.tensor(0.1).item(), torch.tensor([0.1, 0.2]).tolist())
x = torch.tensor(0.1, requires_grad=True)
(x**3).backward()
print(x.grad)
print(torch.tensor(1 / 3).item(), torch.tensor(123456.7).item())
