# Integer tensors where autograd or float ops are expected: the errors PyTorch raises.
import torch


def attempt(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


i = torch.tensor([1, 2, 3])
attempt("arange grad", lambda: torch.arange(3).requires_grad_())
attempt("int ones grad", lambda: torch.ones(2, dtype=torch.int64, requires_grad=True))
attempt("int mean", lambda: i.mean())
attempt("int pow neg", lambda: i**-1)
attempt("int pow", lambda: i**2)
attempt("int exp", lambda: i.exp())
attempt("int sqrt", lambda: torch.sqrt(i))
attempt("int div", lambda: i / i)
attempt("int sigmoid", lambda: torch.sigmoid(i))
attempt("int relu", lambda: torch.relu(torch.tensor([-1, 2])))
attempt("int abs", lambda: torch.abs(torch.tensor([-1, 2])))
attempt("int neg", lambda: -i)
attempt("int dot", lambda: torch.dot(i, i))
attempt("int matmul", lambda: i @ i)
attempt("mixed dot", lambda: torch.dot(i, torch.ones(3)))
attempt("bool neg", lambda: -torch.tensor([True]))
attempt("bool sum", lambda: torch.tensor([True, True]).sum())
attempt("int item", lambda: i[1].item())
