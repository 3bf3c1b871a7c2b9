# Shape mismatches between tensors: the errors for elementwise ops, comparisons and backward.
import torch


def attempt(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([1.0, 2.0])
M = torch.ones(2, 3)
attempt("a+b", lambda: a + b)
attempt("a-b", lambda: a - b)
attempt("a/b", lambda: a / b)
attempt("a**b", lambda: a**b)
attempt("a<b", lambda: a < b)
attempt("a==b", lambda: a == b)
attempt("M*b", lambda: M * b)
attempt("M+a", lambda: M + a)
attempt("M*M.sum(0)", lambda: M * torch.ones(2, 2))
attempt("backward grad shape", lambda: (a * 2).backward(torch.ones(3, 1)))
attempt("backward grad 0d", lambda: (a * 2).backward(torch.tensor(1.0)))
attempt("scalar grad shape", lambda: (a * 2).sum().backward(torch.ones(2)))
