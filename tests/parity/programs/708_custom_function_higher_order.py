# Higher-order gradients through custom autograd.Functions, as the "Double Backward with
# Custom Functions" tutorial and "Extending PyTorch" promise they work: backward(create_graph=True)
# through a Function whose output feeds another op, grad of grad through a two-input Function,
# torch.autograd.functional.hessian of a Function, and Newton's method with autograd.grad.
import torch


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        r = x.exp()
        ctx.save_for_backward(r)
        return r

    @staticmethod
    def backward(ctx, g):
        (r,) = ctx.saved_tensors
        return g * r


class Mul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * b, g * a


for dt in (torch.float32, torch.float64):
    x = torch.tensor([0.3, -0.7], dtype=dt, requires_grad=True)
    y = torch.tanh(Exp.apply(x * 2)).sum()
    y.backward(create_graph=True)
    print(x.grad, x.grad.grad_fn.name())
    g = x.grad
    x.grad = None
    g.sum().backward()
    print(x.grad)
    a = torch.tensor([1.5, 2.0], dtype=dt, requires_grad=True)
    b = torch.tensor([0.5, -1.0], dtype=dt, requires_grad=True)
    out = Mul.apply(a, b) ** 2
    ga, gb = torch.autograd.grad(out.sum(), (a, b), create_graph=True)
    print(ga, gb)
    print(torch.autograd.grad((ga * gb).sum(), (a, b)))
    h = torch.autograd.functional.hessian(lambda t: Exp.apply(t).sum() * 3, x.detach())
    print(h)
    # Newton step
    w = torch.tensor(1.0, dtype=dt, requires_grad=True)
    for _ in range(3):
        f = Exp.apply(w) - 2 * w
        (gw,) = torch.autograd.grad(f, w, create_graph=True)
        (hw,) = torch.autograd.grad(gw, w)
        with torch.no_grad():
            w -= gw / hw
    print(w)
