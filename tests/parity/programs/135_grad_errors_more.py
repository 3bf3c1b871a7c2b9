# More autograd.grad and backward errors: non-scalar outputs, lists, and no-grad tensors.
import torch


def attempt(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


x = torch.tensor([1.0, 2.0], requires_grad=True)
attempt("grad nonscalar", lambda: torch.autograd.grad(x * 2, x))
attempt("grad nonscalar ok", lambda: torch.autograd.grad(x * 2, x, torch.ones(2)))
attempt("grad leaf itself", lambda: torch.autograd.grad(x.sum(), x))
attempt("grad of x wrt x", lambda: torch.autograd.grad(x, x, torch.ones(2)))
attempt("backward on leaf", lambda: x.sum().backward() or x.grad)
attempt("leaf backward", lambda: x.backward(torch.tensor([1.0, 1.0])) or x.grad)
