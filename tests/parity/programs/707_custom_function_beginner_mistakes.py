# Mistakes a beginner makes while following "Extending PyTorch" (custom autograd.Function),
# each with the error or behaviour PyTorch gives: saving a non-tensor with save_for_backward,
# the wrong number of gradients, a gradient of the wrong shape, forward returning its input
# unchanged, a non-tensor output, calling forward directly, backward not implemented,
# needs_input_grad with a non-tensor argument, and apply with a keyword argument.
# ruff: noqa: RUF059 - written as the source writes it
import torch
from torch.autograd import Function


class SaveInt(Function):
    @staticmethod
    def forward(ctx, x, n):
        ctx.save_for_backward(x, n)
        return x * n

    @staticmethod
    def backward(ctx, g):
        x, n = ctx.saved_tensors
        return g * n, None


x = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    SaveInt.apply(x, 3)
except TypeError as e:
    print("TypeError:", e)


class TooMany(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2, g


try:
    TooMany.apply(x).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)


class WrongShape(Function):
    @staticmethod
    def forward(ctx, x):
        return x.sum()

    @staticmethod
    def backward(ctx, g):
        return g


try:
    WrongShape.apply(x).backward()
except RuntimeError as e:
    print("RuntimeError:", e)
print(x.grad)


class Identity(Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 3


y = Identity.apply(x)
print(y is x, y.grad_fn.name(), y._version, y.is_leaf)
y.sum().backward()
print(x.grad)
x.grad = None


class NumberOut(Function):
    @staticmethod
    def forward(ctx, x):
        return x.sum().item()

    @staticmethod
    def backward(ctx, g):
        return g


out = NumberOut.apply(x)
print(type(out).__name__, out)


class NoBackward(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2


try:
    NoBackward.apply(x).sum().backward()
except NotImplementedError as e:
    print("NotImplementedError:", e)


class Scale(Function):
    @staticmethod
    def forward(ctx, x, factor=2.0, shift=None):
        print("needs_input_grad", ctx.needs_input_grad)
        ctx.factor = factor
        return x * factor if shift is None else x * factor + shift

    @staticmethod
    def backward(ctx, g):
        return g * ctx.factor, None, None


s = torch.tensor(1.0, requires_grad=True)
out = Scale.apply(x, 3.0, s)
out.sum().backward()
print(x.grad, s.grad)
out = Scale.apply(x, factor=4.0)
print(out)
try:
    Scale.forward(None, x)
except AttributeError as e:
    print("AttributeError:", e)
print(Scale.forward(type("Ctx", (), {"needs_input_grad": None})(), x, 5.0))

with torch.no_grad():
    out = Scale.apply(x, 2.0)
print(out.requires_grad, out.grad_fn)
c = torch.tensor([1.0, 2.0])
out = Scale.apply(c, 2.0)
print(out.requires_grad, out.grad_fn)
