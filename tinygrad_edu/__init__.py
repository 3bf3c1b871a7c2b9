"""tinygrad_edu: a scalar autograd engine for teaching, with PyTorch's names.

>>> from tinygrad_edu import Value
>>> y = Value(3.0) * 2
>>> y.grad_fn.name()
'MulBackward0'

It also stands in for ``torch`` in small programs (``import tinygrad_edu as torch``):

>>> import tinygrad_edu as torch
>>> x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
>>> torch.sum(x)
tensor(6., grad_fn=<SumBackward0>)
"""

from . import autograd, data, nn, optim
from .engine import AccumulateGrad, Node, Value, vdot, vsum
from .functional import abs, cos, dot, exp, log, matmul, mean, relu, sigmoid, sin, sqrt, sum, tanh
from .grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from .gradcheck import GradcheckError, gradcheck
from .tensor import Size, Tensor, arange, dtype, float32, float64, int64, ones, stack, tensor, zeros
from .tensor import bool_ as bool

float = float32
double = float64
long = int64

__all__ = [
    "AccumulateGrad",
    "GradcheckError",
    "Node",
    "Size",
    "Tensor",
    "Value",
    "abs",
    "arange",
    "autograd",
    "bool",
    "cos",
    "data",
    "dot",
    "double",
    "dtype",
    "enable_grad",
    "exp",
    "float",
    "float32",
    "float64",
    "gradcheck",
    "int64",
    "is_grad_enabled",
    "log",
    "long",
    "matmul",
    "mean",
    "nn",
    "no_grad",
    "ones",
    "optim",
    "relu",
    "set_grad_enabled",
    "sigmoid",
    "sin",
    "sqrt",
    "stack",
    "sum",
    "tanh",
    "tensor",
    "vdot",
    "vsum",
    "zeros",
]
