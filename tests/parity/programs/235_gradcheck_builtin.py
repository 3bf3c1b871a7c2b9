# torch.autograd.gradcheck and gradgradcheck on built-in ops in float64, and the float32 warning case
# (https://pytorch.org/docs/stable/generated/torch.autograd.gradcheck.html)
import torch
from torch.autograd import gradcheck, gradgradcheck

torch.manual_seed(0)
x = torch.randn(3, dtype=torch.double, requires_grad=True)
W = torch.randn(2, 3, dtype=torch.double, requires_grad=True)
print(gradcheck(lambda x: (x.sin() * x.exp()).sum(), (x,)))
print(gradcheck(lambda W, x: torch.tanh(W @ x), (W, x)))
print(gradcheck(torch.nn.functional.softmax, (x, 0)))
print(gradgradcheck(lambda x: (x**3).sum(), (x,)))
print(gradcheck(lambda x: x.relu(), (x,)))
print(
    gradcheck(lambda x: torch.nn.functional.mse_loss(x, torch.zeros(3, dtype=torch.double)), (x,))
)
