# A custom autograd.Function with two outputs and an int output marked non-differentiable: zeros for an unreached
# output, None with set_materialize_grads(False) (https://pytorch.org/docs/stable/notes/extending.html)
import torch


class SinCosIndex(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, materialize):
        ctx.save_for_backward(x)
        ctx.set_materialize_grads(materialize)
        idx = torch.tensor([2, 0, 1])
        ctx.mark_non_differentiable(idx)
        return x.sin(), x.cos(), idx

    @staticmethod
    def backward(ctx, g_sin, g_cos, g_idx):
        (x,) = ctx.saved_tensors
        print("backward got", g_sin, g_cos, g_idx)
        grad = torch.zeros_like(x)
        if g_sin is not None:
            grad = grad + g_sin * x.cos()
        if g_cos is not None:
            grad = grad - g_cos * x.sin()
        return grad, None


x = torch.tensor([0.0, 1.0, 2.0], dtype=torch.float64, requires_grad=True)
s, c, idx = SinCosIndex.apply(x, True)
print(s.grad_fn is c.grad_fn, idx.requires_grad, idx.grad_fn)
(s * 2).sum().backward()
print(x.grad)
x.grad = None
s, c, idx = SinCosIndex.apply(x, False)
(c * c).sum().backward()
print(x.grad)
x.grad = None
s, c, _ = SinCosIndex.apply(x, True)
(s * c).sum().backward()
print(x.grad, (x * 2).cos())
