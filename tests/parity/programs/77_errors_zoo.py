# The errors a student hits in a first autograd lesson, printed as type and message.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)


def attempt(label, fn):
    try:
        r = fn()
        print(label, "ok", r)
    except Exception as e:
        print(label, type(e).__name__, e)


attempt("nonscalar", lambda: (x * 2).backward())
attempt("no grad", lambda: torch.tensor(1.0).backward())
attempt("int grad", lambda: torch.tensor([1, 2], requires_grad=True))
attempt("int grad_", lambda: torch.tensor([1, 2]).requires_grad_())
attempt("nonleaf flag", lambda: (x * 2).requires_grad_(False))
attempt("inplace leaf", lambda: x.add_(1))
attempt("inplace leaf sub", lambda: x.sub_(1))
attempt("inplace leaf mul", lambda: x.mul_(2))
attempt("hook no grad", lambda: torch.tensor(1.0).register_hook(lambda g: g))
attempt("retain no grad", lambda: torch.tensor(1.0).retain_grad())
attempt("0d index", lambda: torch.tensor(1.0)[0])
attempt("index oob", lambda: x[3])
attempt("index neg oob", lambda: x[-4])
attempt("shape add", lambda: x + torch.tensor([1.0, 2.0]))
attempt("shape mul", lambda: x * torch.ones(2))
attempt("dot shape", lambda: torch.dot(x, torch.ones(2)))
attempt("matmul shape", lambda: torch.ones(2, 3) @ torch.ones(2))
attempt("mm shape", lambda: torch.ones(2, 3) @ torch.ones(2, 3))
attempt("matmul 0d", lambda: torch.tensor(1.0) @ torch.tensor(2.0))
attempt("dot 0d", lambda: torch.dot(torch.tensor(1.0), torch.tensor(2.0)))
attempt("item many", lambda: x.item())
attempt("len 0d", lambda: len(torch.tensor(1.0)))
attempt("bool many", lambda: bool(x > 1))
attempt("grad wrong shape", lambda: (x * 2).backward(torch.ones(2)))
attempt(
    "autograd unused",
    lambda: torch.autograd.grad((x * 2).sum(), [x, torch.ones(1, requires_grad=True)]),
)
attempt("autograd nograd", lambda: torch.autograd.grad((x * 2).sum(), [torch.ones(1)]))
