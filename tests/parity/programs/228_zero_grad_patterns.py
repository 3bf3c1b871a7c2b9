# Forgetting and doing zero_grad: accumulation across backward calls, optimizer.zero_grad() setting
# None, set_to_none=False, model.zero_grad() (https://pytorch.org/docs/stable/generated/torch.optim.Optimizer.zero_grad.html)
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.tensor([[1.0, 2.0]])
for i in range(3):
    model(x).sum().backward()
    print(i, model.weight.grad, model.bias.grad)
opt.zero_grad()
print(model.weight.grad)
model(x).sum().backward()
opt.zero_grad(set_to_none=False)
print(model.weight.grad, model.bias.grad)
model(x).sum().backward()
model.zero_grad()
print(model.weight.grad)
print(opt.param_groups[0].keys())
