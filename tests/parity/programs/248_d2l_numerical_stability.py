# d2l.ai 5.4 "Numerical Stability and Initialization": the sigmoid's vanishing gradient and the
# product of random matrices (https://d2l.ai/chapter_multilayer-perceptrons/numerical-stability-and-init.html)
import torch

x = torch.arange(-8.0, 8.0, 0.1, requires_grad=True)
y = torch.sigmoid(x)
y.backward(torch.ones_like(x))
print(x.grad[::10].tolist())
print(x.grad.max().item(), x.grad.argmax().item(), x.grad[0].item(), x.grad[-1].item())
torch.manual_seed(0)
M = torch.normal(0, 1, size=(4, 4))
print("a single matrix \n", M)
for _ in range(100):
    M = M @ torch.normal(0, 1, size=(4, 4))
print("after multiplying 100 matrices\n", M)
