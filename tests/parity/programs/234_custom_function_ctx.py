# Custom autograd Functions beyond the tutorial: two inputs, ctx.needs_input_grad, a non-tensor
# argument returning None for its grad, once-used twice in a graph (https://pytorch.org/docs/stable/notes/extending.html)
import torch


class MulConstant(torch.autograd.Function):
    @staticmethod
    def forward(ctx, tensor, constant):
        ctx.constant = constant
        return tensor * constant

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.constant, None


class LinearFunction(torch.autograd.Function):
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
        print("needs_input_grad", ctx.needs_input_grad)
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = MulConstant.apply(x, 3.0)
z = MulConstant.apply(y, -2.0)
print(y, z, z.grad_fn, z.grad_fn.next_functions)
z.sum().backward()
print(x.grad)
inp = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 0.0]])
w = torch.tensor([[0.1, 0.2, 0.3], [-0.1, 0.0, 0.4]], requires_grad=True)
b = torch.tensor([0.5, -0.5], requires_grad=True)
out = LinearFunction.apply(inp, w, b)
print(out, out.grad_fn)
out.sum().backward()
print(w.grad, b.grad)
args = (
    torch.randn(3, 2, dtype=torch.double, requires_grad=True),
    torch.randn(4, 2, dtype=torch.double, requires_grad=True),
)
print(torch.autograd.gradcheck(LinearFunction.apply, args, eps=1e-6, atol=1e-4))
