# ruff: noqa - written as the source writes it
import torch


# Autodiff puzzles in their own style: for each function, the derivative written by hand, checked
# against autograd on a grid of points (the puzzle passes when they agree), then the Jacobians of
# vector functions with torch.autograd.functional.jacobian
def check(f, dx, *shapes):
    torch.manual_seed(0)
    xs = [torch.randn(s, dtype=torch.float64, requires_grad=True) for s in shapes]
    out = f(*xs)
    grads = torch.autograd.grad(out.sum(), xs, allow_unused=True)
    mine = dx(*[x.detach() for x in xs])
    mine = mine if isinstance(mine, tuple) else (mine,)
    ok = all(
        torch.allclose(g if g is not None else torch.zeros_like(x), m + torch.zeros_like(x))
        for g, m, x in zip(grads, mine, xs)
    )
    print(f.__name__, "passes" if ok else "FAILS", [tuple(g.shape) for g in grads if g is not None])


def fb_constant(x):
    return 0 * x + 1


def fb_id(x):
    return x


def fb_square(x):
    return x * x


def fb_cube(x):
    return x**3


def fb_relu(x):
    return torch.relu(x)


def fb_sigmoid(x):
    return 1 / (1 + torch.exp(-x))


def fb_poly(x):
    return x**2 * 3 + 2 * x - 7


def fb_sin_cos(x):
    return torch.sin(x) * torch.cos(x)


def fb_add(x, y):
    return x + y


def fb_mul(x, y):
    return x * y


def fb_max(x, y):
    return torch.maximum(x, y)


def fb_div(x, y):
    return x / (y * y + 1)


def fb_mean(x):
    return x.mean(0, keepdim=True)


def fb_logsumexp(x):
    return torch.logsumexp(x, 0, keepdim=True)


def fb_softmax(x):
    return (torch.softmax(x, 0) * torch.arange(x.shape[0], dtype=x.dtype)).sum(0)


def fb_matmul(x, y):
    return x @ y


check(fb_constant, lambda x: torch.zeros_like(x), 5)
check(fb_id, lambda x: torch.ones_like(x), 5)
check(fb_square, lambda x: 2 * x, 5)
check(fb_cube, lambda x: 3 * x * x, 5)
check(fb_relu, lambda x: (x > 0).double(), 5)
check(fb_sigmoid, lambda x: torch.sigmoid(x) * (1 - torch.sigmoid(x)), 5)
check(fb_poly, lambda x: 6 * x + 2, 5)
check(fb_sin_cos, lambda x: torch.cos(2 * x), 5)
check(fb_add, lambda x, y: (torch.ones_like(x), torch.ones_like(y)), 4, 4)
check(fb_mul, lambda x, y: (y, x), 4, 4)
check(fb_max, lambda x, y: ((x > y).double(), (x < y).double()), 4, 4)
check(fb_div, lambda x, y: (1 / (y * y + 1), -2 * x * y / (y * y + 1) ** 2), 4, 4)
check(fb_mean, lambda x: torch.full_like(x, 1 / x.shape[0]), 6)
check(fb_logsumexp, lambda x: torch.softmax(x, 0), 6)
k = torch.arange(6, dtype=torch.float64)
check(fb_softmax, lambda x: torch.softmax(x, 0) * (k - (torch.softmax(x, 0) * k).sum()), 6)
check(
    fb_matmul, lambda x, y: (y.sum(1).expand(3, 4), x.sum(0)[:, None].expand(4, 2)), (3, 4), (4, 2)
)

from torch.autograd.functional import jacobian, hessian


def f(x):
    return torch.stack([x[0] * x[1], x[0] ** 2, torch.sin(x[1])])


x = torch.tensor([1.0, 2.0], dtype=torch.float64)
print(jacobian(f, x))
print(hessian(lambda x: (x**3).sum() + x[0] * x[1], x))
