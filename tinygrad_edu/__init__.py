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

from . import autograd, data, nn, optim, utils
from .device import cuda, device
from .dtype import Size, dtype, float32, float64, get_default_dtype, int64, set_default_dtype
from .dtype import bool_ as bool
from .engine import Value, vdot, vsum
from .factories import (
    arange,
    empty,
    empty_like,
    eye,
    full,
    full_like,
    linspace,
    ones,
    ones_like,
    zeros,
    zeros_like,
)
from .functional import TORCH, dot, matmul, mean, sum
from .grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from .gradcheck import GradcheckError, gradcheck
from .graph import AccumulateGrad, Node
from .nn.functional import log_softmax, softmax
from .reductions import all_ as all
from .reductions import any_ as any
from .reductions import argmax, argmin, cat, equal, maximum, minimum, norm, prod, std, var
from .reductions import max_ as max
from .reductions import min_ as min
from .sampling import (
    Generator,
    bernoulli,
    default_generator,
    get_rng_state,
    initial_seed,
    manual_seed,
    multinomial,
    normal,
    rand,
    rand_like,
    randint,
    randint_like,
    randn,
    randn_like,
    randperm,
    seed,
    set_rng_state,
)
from .serialization import load, save
from .tensor import Tensor, stack, tensor

float = float32
mm = matmul  # torch.mm: the 2-d case of matmul
double = float64
long = int64

# torch.exp, torch.tanh, ...: every elementwise op of the table that PyTorch has as torch.f
globals().update(TORCH)

__all__ = [
    "AccumulateGrad",
    "Generator",
    "GradcheckError",
    "Node",
    "Size",
    "Tensor",
    "Value",
    "all",
    "any",
    "arange",
    "argmax",
    "argmin",
    "autograd",
    "bernoulli",
    "bool",
    "cat",
    "cuda",
    "data",
    "default_generator",
    "device",
    "dot",
    "double",
    "dtype",
    "empty",
    "empty_like",
    "enable_grad",
    "equal",
    "eye",
    "float",
    "float32",
    "float64",
    "full",
    "full_like",
    "get_default_dtype",
    "get_rng_state",
    "gradcheck",
    "initial_seed",
    "int64",
    "is_grad_enabled",
    "linspace",
    "load",
    "log_softmax",
    "long",
    "manual_seed",
    "matmul",
    "max",
    "maximum",
    "mean",
    "min",
    "minimum",
    "mm",
    "multinomial",
    "nn",
    "no_grad",
    "norm",
    "normal",
    "ones",
    "ones_like",
    "optim",
    "prod",
    "rand",
    "rand_like",
    "randint",
    "randint_like",
    "randn",
    "randn_like",
    "randperm",
    "save",
    "seed",
    "set_default_dtype",
    "set_grad_enabled",
    "set_rng_state",
    "softmax",
    "stack",
    "std",
    "sum",
    "tensor",
    "utils",
    "var",
    "vdot",
    "vsum",
    "zeros",
    "zeros_like",
]
__all__ += sorted(TORCH)
