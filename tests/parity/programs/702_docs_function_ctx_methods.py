# The examples in torch.autograd.function's docstrings (FunctionCtx.save_for_backward,
# mark_dirty, mark_non_differentiable, set_materialize_grads; once_differentiable), as written;
# adaptations: mark_dirty's example adds 1 in place with x.add_(1) instead of through
# x.numpy() (no NumPy here), and prints and try/except around the lines whose errors the
# docstrings name.
# ruff: noqa: RUF059 - written as the source writes it
import torch
from torch.autograd import Function
from torch.autograd.function import once_differentiable


class Func(Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor, y: torch.Tensor, z: int):
        w = x * z
        out = x * y + y * z + w * y
        ctx.save_for_backward(x, y, w, out)
        ctx.z = z  # z is not a tensor
        return out

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out):
        x, y, w, out = ctx.saved_tensors
        z = ctx.z
        gx = grad_out * (y + y * z)
        gy = grad_out * (x + z + w)
        gz = None
        return gx, gy, gz


a = torch.tensor(1.0, requires_grad=True, dtype=torch.double)
b = torch.tensor(2.0, requires_grad=True, dtype=torch.double)
c = 4
d = Func.apply(a, b, c)
print(d)
d.backward()
print(a.grad, b.grad)

# once_differentiable: a second derivative through it is refused
a.grad = b.grad = None
d = Func.apply(a, b, c)
ga, gb = torch.autograd.grad(d, (a, b), create_graph=True)
print(ga.requires_grad, ga.grad_fn)
try:
    ga.backward()
except RuntimeError as e:
    print("RuntimeError:", e)


class Inplace(Function):
    @staticmethod
    def forward(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        return grad_output


a = torch.tensor(1.0, requires_grad=True, dtype=torch.double).clone()
b = a * a
out = Inplace.apply(a)  # This would lead to wrong gradients!
# but the engine would not know unless we mark_dirty
print(out is a, a, a.grad_fn)
try:
    b.backward()  # RuntimeError: one of the variables needed for gradient
    # computation has been modified by an inplace operation
except RuntimeError as e:
    print("RuntimeError:", e)

leaf = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    Inplace.apply(leaf)
except RuntimeError as e:
    print("RuntimeError:", e)


class Sort(Function):
    @staticmethod
    def forward(ctx, x):
        sorted, idx = x.sort()
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(x, idx)
        return sorted, idx

    @staticmethod
    @once_differentiable
    def backward(ctx, g1, g2):  # still need to accept g2
        x, idx = ctx.saved_tensors
        grad_input = torch.zeros_like(x)
        grad_input.index_add_(0, idx, g1)
        return grad_input


x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
s, idx = Sort.apply(x)
print(s, idx, idx.requires_grad, idx.grad_fn)
(s * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print(x.grad)


class SimpleFunc(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(x)
        return x.clone(), x.clone()

    @staticmethod
    @once_differentiable
    def backward(ctx, g1, g2):
        (x,) = ctx.saved_tensors
        grad_input = torch.zeros_like(x)
        if g1 is not None:  # We must check for None now
            grad_input += g1
        if g2 is not None:
            grad_input += g2
        print("g1 is None:", g1 is None, "g2 is None:", g2 is None)
        return grad_input


a = torch.tensor(1.0, requires_grad=True)
b, _ = SimpleFunc.apply(a)  # induces g2 to be undefined
b.backward()
print(a.grad)


class Exp(Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        (result,) = ctx.saved_tensors
        return grad_output * result


input = torch.tensor([0.0, 1.0, -1.0], requires_grad=True)
output = Exp.apply(input)
print(output)
output.sum().backward()
print(input.grad)
try:
    output.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    Exp()(input)
except RuntimeError as e:
    print("RuntimeError:", e)
