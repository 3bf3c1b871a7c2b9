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

The teaching core (``core/``, read its README first) loads with the first line; the torch
namespace (``_namespace.py``: the tensor layer, ``nn``, ``optim``, ...) on the first use of a
name that is not the core's.
"""

import importlib as _importlib
from pathlib import Path as _Path

# the core's names, re-exported (``as`` marks them so): they load with the core alone
from .core import (
    AccumulateGrad as AccumulateGrad,
)
from .core import (
    GradcheckError as GradcheckError,
)
from .core import (
    Node as Node,
)
from .core import (
    Value as Value,
)
from .core import (
    enable_grad as enable_grad,
)
from .core import (
    inference_mode as inference_mode,
)
from .core import (
    is_grad_enabled as is_grad_enabled,
)
from .core import (
    is_inference_mode_enabled as is_inference_mode_enabled,
)
from .core import (
    no_grad as no_grad,
)
from .core import (
    set_grad_enabled as set_grad_enabled,
)
from .core import (
    vdot as vdot,
)
from .core import (
    vsum as vsum,
)
from .core.gradcheck import gradcheck as gradcheck

_loading = False


def _load() -> object:
    """The torch namespace, imported once; its names become this package's."""
    global _loading
    if _loading:  # a module of the namespace asked for a name before the namespace was done
        return None
    _loading = True
    try:
        from . import _namespace as ns
    finally:
        _loading = False
    globals().update({name: getattr(ns, name) for name in ns.__all__})
    return ns


def __getattr__(name: str) -> object:
    """PEP 562: ``torch.tensor``, ``torch.float32``, ... load the torch namespace on first use;
    a submodule (``torch.nn``, ``torch.autograd``) loads just itself, and what it imports."""
    if name.startswith("__") and name != "__all__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    here = _Path(__file__).parent
    # (``run`` is the command ``python -m tinygrad_edu.run``, not a name of torch's)
    submodule = (here / name).is_dir() or (here / f"{name}.py").is_file()
    if name.isidentifier() and name != "run" and submodule:
        return _importlib.import_module(f"{__name__}.{name}")
    ns = _load()
    if name == "__all__" and ns is not None:
        return list(ns.__all__)
    if name in globals():
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    ns = _load()
    return sorted(set(globals()) | set(ns.__all__ if ns is not None else ()))
