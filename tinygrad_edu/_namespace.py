"""The torch namespace: every name ``import tinygrad_edu as torch`` shows.

The package's ``__getattr__`` imports this module on the first use of a name that is
not the core's, and takes ``__all__``'s names from it.

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

import sys as _sys

from . import (
    _autograd_functional,
    _autograd_modules,
    _gradient,
    _igamma,
    _index_ops,
    _math_ops,
    _more_functions,
    _more_ops,
    _native_forms,
    _nn_forms,
    _old_forms,
    _pieces,
    _poisson,
    _polygamma,
    _removed_names,
    _segment_reduce,
    _special_ops,
    _spellings,
    _strided,
    _tensor_extras,
    _tensor_graph_api,
    _tensor_odds,
    _view_copies,
    autograd,
    backends,
    distributions,
    linalg,
    nn,
    optim,
    storage,
    utils,
)
from ._tensor._tensor_str import set_printoptions
from ._tensor.device import cuda, device, get_default_device, set_default_device
from ._tensor.dtype import (
    Size,
    bfloat16,
    dtype,
    float16,
    float32,
    float64,
    get_default_dtype,
    int8,
    int16,
    int32,
    int64,
    promote_types,
    set_default_dtype,
    uint8,
)
from ._tensor.dtype import bool_ as bool
from ._tensor.ops import aliases, both_forms, comparisons, functional, integer, selection
from ._tensor.ops.conversions import result_type
from ._tensor.ops.einsum import einsum
from ._tensor.ops.factories import (
    arange,
    as_tensor,
    empty,
    empty_like,
    eye,
    full,
    full_like,
    linspace,
    logspace,
    ones,
    ones_like,
    zeros,
    zeros_like,
)
from ._tensor.ops.functional import TORCH, dot, matmul, mean, sum
from ._tensor.ops.indexing import gather
from ._tensor.ops.joining import (
    broadcast_shapes,
    broadcast_tensors,
    column_stack,
    hstack,
    repeat_interleave,
    vstack,
)
from ._tensor.ops.legacy import (
    BFloat16Tensor,
    BoolTensor,
    ByteTensor,
    CharTensor,
    DoubleTensor,
    FloatTensor,
    HalfTensor,
    IntTensor,
    LongTensor,
    ShortTensor,
)
from ._tensor.ops.matrices import bmm, diag, diagonal, mv, trace, tril, triu
from ._tensor.ops.numpy_bridge import from_numpy
from ._tensor.ops.reductions import all_ as all
from ._tensor.ops.reductions import (
    amax,
    amin,
    argmax,
    argmin,
    cat,
    equal,
    maximum,
    minimum,
    norm,
    prod,
)
from ._tensor.ops.reductions import any_ as any
from ._tensor.ops.reductions import max_ as max
from ._tensor.ops.reductions import min_ as min
from ._tensor.ops.sampling import (
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
    thread_safe_generator,
)
from ._tensor.ops.scans import cumprod, cumsum
from ._tensor.ops.selection import argsort, count_nonzero, nonzero, sort, topk, where
from ._tensor.ops.statistics import logsumexp, std, std_mean, var, var_mean
from ._tensor.tensor import Tensor, stack, tensor
from ._tensor.tensor_graph import is_tensor
from .core import data
from .core.anomaly_mode import is_anomaly_check_nan_enabled, is_anomaly_enabled
from .core.engine import Value, vdot, vsum
from .core.grad_mode import (
    enable_grad,
    inference_mode,
    is_grad_enabled,
    is_inference_mode_enabled,
    no_grad,
    set_grad_enabled,
)
from .core.gradcheck import GradcheckError, gradcheck
from .core.graph import AccumulateGrad, Node
from .nn import rnn_functional as _rnn_functional
from .nn.functional import log_softmax, softmax
from .serialization import load, save

float = float32
double = float64
long = int64
half = float16
int = int32
short = int16

# torch.exp, torch.tanh, ...: every elementwise op of the table that PyTorch has as torch.f
globals().update(TORCH)
globals().update(aliases.FUNCTIONS)  # torch.mm, torch.flatten, torch.unbind, torch.t
div = divide = integer.div  # with rounding_mode
remainder, fmod, floor_divide = integer.remainder, integer.fmod, integer.floor_divide
concat = concatenate = cat
det, inverse = linalg.det, linalg.inv
clamp = clip = selection.clamp  # bounds by keyword, either one left out
# torch.eq, torch.logical_and, torch.isnan, ...
globals().update(comparisons.FUNCTIONS)
globals().update(_pieces.FUNCTIONS)  # torch.bucketize
# Tensor's methods that need the surface (linalg for matrix_power): attached here, not below it
for _name, _method in {
    **_pieces.METHODS,
    **storage.METHODS,
    **_spellings.METHODS,
    **_spellings.PROPERTIES,
    **_more_ops.METHODS,
}.items():
    setattr(Tensor, _name, _method)
# the index writes, more arithmetic and the in-place forms: never over a method already there
_MORE = {**_index_ops.METHODS, **_math_ops.METHODS, **_special_ops.METHODS}
_MORE.update(_tensor_graph_api.METHODS)  # detach_, register_post_accumulate_grad_hook, resize
_MORE.update(_polygamma.METHODS)
_MORE.update(_removed_names.METHODS)  # solve, reinforce, is_set_to, dense_dim, ...
_MORE.update(_removed_names.PROPERTIES)  # volatile, name, is_maia, grad_dtype
_MORE.update(_igamma.METHODS)  # igamma, igammac and their in-place forms
_MORE.update(_strided.METHODS)  # as_strided, as_strided_, new_empty_strided, ...
for _name, _method in {**_MORE, **_tensor_extras.METHODS, **_tensor_odds.METHODS}.items():
    if not hasattr(Tensor, _name):
        setattr(Tensor, _name, _method)
del _name, _method, _MORE
globals().update(_spellings.FUNCTIONS)  # torch.meshgrid, torch.pi, torch.inf, ...
globals().update(_more_ops.FUNCTIONS)  # torch.finfo, torch.masked_select, torch.atan2, ...
globals().update(_index_ops.FUNCTIONS)  # torch.index_add, torch.scatter_add, ...
globals().update(_math_ops.FUNCTIONS)  # torch.exp2, torch.cov, torch.histc, ...
globals().update(_special_ops.FUNCTIONS)  # torch.lgamma, torch.diag_embed, torch.gcd, ...
globals().update(_tensor_extras.FUNCTIONS)  # torch.addbmm, torch.slice_scatter, torch.i0, ...
globals().update(_nn_forms.FUNCTIONS)  # torch.conv2d, torch.dropout, torch.layer_norm, ...
globals().update(_more_functions.FUNCTIONS)  # torch.trapezoid, torch.vander, torch.range, ...
globals().update(_tensor_odds.FUNCTIONS)  # torch.nanmedian, torch.histogram, torch.dsplit, ...
globals().update(_tensor_graph_api.FUNCTIONS)  # torch.asarray, torch.fill, torch.detach_, ...
globals().update(_polygamma.FUNCTIONS)
globals().update(_poisson.FUNCTIONS)  # torch.poisson
globals().update(_gradient.FUNCTIONS)  # torch.gradient
globals().update(_removed_names.FUNCTIONS)  # torch.solve (removed), chain_matmul, ...
globals().update(_view_copies.FUNCTIONS)  # torch.t_copy, torch.view_copy, ...
globals().update(_igamma.FUNCTIONS)  # torch.igamma, torch.igammac
globals().update(_old_forms.FUNCTIONS)  # torch.frombuffer, torch.nuclear_norm, ...
globals().update(_native_forms.FUNCTIONS)  # torch.native_layer_norm, torch.convolution, ...
globals().update(_strided.FUNCTIONS)  # torch.as_strided, torch.empty_strided, ...
globals().update(_segment_reduce.FUNCTIONS)  # torch.segment_reduce, torch.from_file
globals().update(_rnn_functional.FUNCTIONS)  # torch.lstm, torch.gru, torch.rnn_tanh, ...
_autograd_modules.install()  # torch.autograd.graph, .function, .grad_mode, .variable, ...
linalg.cross = _spellings.linalg_cross  # type: ignore[attr-defined]
# torch.autograd.functional: the module autograd is has it as a submodule, as PyTorch's package
autograd.functional = _autograd_functional  # type: ignore[attr-defined]
autograd.__path__ = []  # type: ignore[attr-defined]  # so `import ...autograd.functional` works
_sys.modules[f"{__package__}.autograd.functional"] = _autograd_functional
# every name PyTorch has as both torch.f and Tensor.f, in both forms; axis=/keepdims= everywhere
_before = set(globals())
both_forms.complete(globals(), Tensor, functional.into)
_completed = sorted(set(globals()) - _before - {"_before"})

__all__ = [
    "AccumulateGrad",
    "BFloat16Tensor",
    "BoolTensor",
    "ByteTensor",
    "CharTensor",
    "DoubleTensor",
    "FloatTensor",
    "Generator",
    "GradcheckError",
    "HalfTensor",
    "IntTensor",
    "LongTensor",
    "Node",
    "ShortTensor",
    "Size",
    "Tensor",
    "Value",
    "all",
    "amax",
    "amin",
    "any",
    "arange",
    "argmax",
    "argmin",
    "argsort",
    "as_tensor",
    "autograd",
    "backends",
    "bernoulli",
    "bfloat16",
    "bmm",
    "bool",
    "broadcast_shapes",
    "broadcast_tensors",
    "cat",
    "clamp",
    "clip",
    "column_stack",
    "concat",
    "concatenate",
    "count_nonzero",
    "cuda",
    "cumprod",
    "cumsum",
    "data",
    "default_generator",
    "det",
    "device",
    "diag",
    "diagonal",
    "distributions",
    "div",
    "divide",
    "dot",
    "double",
    "dtype",
    "einsum",
    "empty",
    "empty_like",
    "enable_grad",
    "equal",
    "eye",
    "flatten",
    "float",
    "float16",
    "float32",
    "float64",
    "floor_divide",
    "fmod",
    "from_numpy",
    "full",
    "full_like",
    "gather",
    "get_default_device",
    "get_default_dtype",
    "get_rng_state",
    "gradcheck",
    "half",
    "hstack",
    "inference_mode",
    "initial_seed",
    "int",
    "int8",
    "int16",
    "int32",
    "int64",
    "inverse",
    "is_anomaly_check_nan_enabled",
    "is_anomaly_enabled",
    "is_grad_enabled",
    "is_inference_mode_enabled",
    "is_tensor",
    "linalg",
    "linspace",
    "load",
    "log_softmax",
    "logspace",
    "logsumexp",
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
    "mv",
    "nn",
    "no_grad",
    "nonzero",
    "norm",
    "normal",
    "ones",
    "ones_like",
    "optim",
    "prod",
    "promote_types",
    "rand",
    "rand_like",
    "randint",
    "randint_like",
    "randn",
    "randn_like",
    "randperm",
    "remainder",
    "repeat_interleave",
    "result_type",
    "save",
    "seed",
    "set_default_device",
    "set_default_dtype",
    "set_grad_enabled",
    "set_printoptions",
    "set_rng_state",
    "short",
    "softmax",
    "sort",
    "stack",
    "std",
    "std_mean",
    "sum",
    "t",
    "tensor",
    "thread_safe_generator",
    "topk",
    "trace",
    "tril",
    "triu",
    "uint8",
    "unbind",
    "utils",
    "var",
    "var_mean",
    "vdot",
    "vstack",
    "vsum",
    "where",
    "zeros",
    "zeros_like",
]
__all__ += sorted(TORCH)
__all__ += sorted(comparisons.FUNCTIONS)
__all__ += sorted(_pieces.FUNCTIONS)
__all__ += sorted(_spellings.FUNCTIONS)
__all__ += sorted(_more_ops.FUNCTIONS)
__all__ += sorted(_index_ops.FUNCTIONS)
__all__ += sorted(_math_ops.FUNCTIONS)
__all__ += sorted(_special_ops.FUNCTIONS)
__all__ += sorted(_tensor_extras.FUNCTIONS)
__all__ += sorted(_nn_forms.FUNCTIONS)
__all__ += sorted(_more_functions.FUNCTIONS)
__all__ += sorted(_tensor_odds.FUNCTIONS)
__all__ += sorted(_tensor_graph_api.FUNCTIONS)
__all__ += sorted(_polygamma.FUNCTIONS)
__all__ += sorted(_poisson.FUNCTIONS)
__all__ += sorted(_gradient.FUNCTIONS)
__all__ += sorted(_removed_names.FUNCTIONS)
__all__ += sorted(_view_copies.FUNCTIONS)
__all__ += sorted(_strided.FUNCTIONS)
__all__ += sorted(_native_forms.FUNCTIONS)
__all__ += sorted(_old_forms.FUNCTIONS)
__all__ += sorted(_igamma.FUNCTIONS)
__all__ += sorted(_segment_reduce.FUNCTIONS)
__all__ += sorted(_rnn_functional.FUNCTIONS)
__all__ += [n for n in _completed if n not in __all__]
