# jcjohnson/pytorch-examples autograd/two_layer_net_custom_function.py ("Learning PyTorch with Examples"): MyReLU as a
# torch.autograd.Function, run in its old form (the errors today's torch gives) and its @staticmethod form; N, D_in, H, D_out = 8, 20, 10, 4
import torch
from torch.autograd import Variable

torch.manual_seed(0)


class OldMyReLU(torch.autograd.Function):
    def forward(self, input):
        self.save_for_backward(input)
        return input.clamp(min=0)

    def backward(self, grad_output):
        (input,) = self.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


dtype = torch.FloatTensor
N, D_in, H, D_out = 8, 20, 10, 4
x = Variable(torch.randn(N, D_in).type(dtype), requires_grad=False)
y = Variable(torch.randn(N, D_out).type(dtype), requires_grad=False)
w1 = Variable(torch.randn(D_in, H).type(dtype), requires_grad=True)
w2 = Variable(torch.randn(H, D_out).type(dtype), requires_grad=True)
print(type(x), x.dtype, w1.requires_grad, x.type())
relu = OldMyReLU()
try:
    y_pred = relu(x.mm(w1)).mm(w2)
except RuntimeError as e:
    print("RuntimeError:", e)
loss = (MyReLU.apply(x.mm(w1)).mm(w2) - y).pow(2).sum()
try:
    print(0, loss.data[0])
except IndexError as e:
    print("IndexError:", e)
dtype = torch.float
device = torch.device("cpu")
x = torch.randn(N, D_in, device=device, dtype=dtype)
y = torch.randn(N, D_out, device=device, dtype=dtype)
w1 = torch.randn(D_in, H, device=device, dtype=dtype, requires_grad=True)
w2 = torch.randn(H, D_out, device=device, dtype=dtype, requires_grad=True)
learning_rate = 1e-4
for t in range(50):
    relu = MyReLU.apply
    y_pred = relu(x.mm(w1)).mm(w2)
    loss = (y_pred - y).pow(2).sum()
    if t % 10 == 9:
        print(t, loss.item())
    loss.backward()
    with torch.no_grad():
        w1 -= learning_rate * w1.grad
        w2 -= learning_rate * w2.grad
        w1.grad.zero_()
        w2.grad.zero_()
print(y_pred.grad_fn, y_pred.grad_fn.next_functions[0][0])
h = x.mm(w1)
out = MyReLU.apply(h)
print(out.grad_fn, out.requires_grad, torch.equal(out, h.clamp(min=0)))
