# Training with custom autograd.Functions only: the "Extending PyTorch" LinearFunction and a
# MyReLU as "Learning PyTorch with Examples" writes it, inside an nn.Module trained by SGD with
# momentum on a small random regression (a seed; prints every fifth loss).
import torch
import torch.nn as nn
from torch.autograd import Function

torch.manual_seed(0)


class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias


class MyReLU(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        gi = g.clone()
        gi[x < 0] = 0
        return gi


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Parameter(torch.randn(8, 3) * 0.5)
        self.b1 = nn.Parameter(torch.zeros(8))
        self.w2 = nn.Parameter(torch.randn(1, 8) * 0.5)

    def forward(self, x):
        h = MyReLU.apply(LinearFunction.apply(x, self.w1, self.b1))
        return LinearFunction.apply(h, self.w2)


X = torch.randn(16, 3)
y = (X[:, :1] * 2 - X[:, 1:2]).tanh()
net = Net()
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
for step in range(20):
    opt.zero_grad()
    loss = ((net(X) - y) ** 2).mean()
    loss.backward()
    opt.step()
    if step % 5 == 0:
        print(step, f"{loss.item():.6f}")
print(net.w2.grad)
