"""Run a PyTorch program with ``torch`` and every ``torch.*`` import bound to tinygrad_edu.

    tinygrad-edu run PROGRAM.py [ARGS]
    python -m tinygrad_edu.run PROGRAM.py [ARGS]

The binding is an import hook (a finder on ``sys.meta_path``): ``import torch`` gives
``tinygrad_edu``, ``import torch.nn.functional as F`` gives ``tinygrad_edu.nn.functional``,
``from torch.utils.data import DataLoader`` reads ``tinygrad_edu.utils.data``. A ``torch.x``
that tinygrad_edu does not have fails as a missing module does (``ModuleNotFoundError: No module
named 'torch.x'``). While the hook is on, the classes a program sees print as PyTorch's:
``type(t)`` is ``<class 'torch.Tensor'>``.

The module's name starts with an underscore so that ``import tinygrad_edu as torch`` shows no
name PyTorch does not have (``torch.run`` is not one).

>>> import sys
>>> with as_torch():
...     import torch.nn.functional as F
...     import torch
...     print(F.__name__, type(torch.ones(1)))
tinygrad_edu.nn.functional <class 'torch.Tensor'>
>>> "torch" in sys.modules
False
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import runpy
import sys
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any

import tinygrad_edu

__all__ = [
    "TORCH_MODULES", "ProgramError", "TorchFinder", "as_torch", "install", "main", "run_program",
    "uninstall",
]  # fmt: skip

PACKAGE = "tinygrad_edu"

# The module PyTorch names each of these classes under (``type(x)`` and ``repr(type(x))``
# print it): set while the hook is on, restored by ``uninstall``.
TORCH_MODULES: dict[str, str] = {
    "Tensor": "torch",
    "Size": "torch",
    "dtype": "torch",
    "device": "torch",
}
# the same for the surface's classes, by PyTorch's module (``<class
# 'torch.nn.modules.linear.Linear'>``); tests/test_run_program.py checks it against a real torch
_CLASS_MODULES: dict[str, str] = {
    "torch": (
        "BFloat16Tensor BoolTensor ByteTensor CharTensor DoubleTensor FloatTensor HalfTensor "
        "IntTensor LongTensor ShortTensor"
    ),
    "torch._C": "Generator linalg.LinAlgError",
    "torch.autograd.anomaly_mode": "autograd.detect_anomaly",
    "torch.autograd.function": "autograd.Function",
    "torch.autograd.graph": "autograd.graph.Node",
    "torch.autograd.grad_mode": "enable_grad inference_mode no_grad set_grad_enabled",
    "torch.autograd.variable": "autograd.Variable",
    "torch.distributions.bernoulli": "distributions.Bernoulli",
    "torch.distributions.categorical": "distributions.Categorical",
    "torch.distributions.distribution": "distributions.Distribution",
    "torch.distributions.multinomial": "distributions.Multinomial",
    "torch.distributions.normal": "distributions.Normal",
    "torch.distributions.uniform": "distributions.Uniform",
    "torch.nn.modules.activation": (
        "nn.CELU nn.ELU nn.GELU nn.Hardsigmoid nn.Hardswish nn.Hardtanh nn.LeakyReLU "
        "nn.LogSigmoid nn.LogSoftmax nn.Mish nn.ReLU nn.ReLU6 nn.SELU nn.SiLU nn.Sigmoid "
        "nn.Softmax nn.Softmin nn.Softplus nn.Softsign nn.Tanh nn.Tanhshrink"
    ),
    "torch.nn.modules.adaptive": "nn.AdaptiveLogSoftmaxWithLoss",
    "torch.nn.modules.batchnorm": "nn.BatchNorm1d",
    "torch.nn.modules.container": "nn.Container nn.ModuleDict nn.ModuleList nn.Sequential",
    "torch.nn.modules.conv": "nn.Conv2d",
    "torch.nn.modules.dropout": "nn.Dropout",
    "torch.nn.modules.flatten": "nn.Flatten",
    "torch.nn.modules.linear": "nn.Identity nn.LazyLinear nn.Linear",
    "torch.nn.modules.loss": (
        "nn.BCELoss nn.BCEWithLogitsLoss nn.CTCLoss nn.CrossEntropyLoss nn.HuberLoss nn.L1Loss "
        "nn.MSELoss nn.NLLLoss nn.NLLLoss2d nn.SmoothL1Loss"
    ),
    "torch.nn.modules.module": "nn.Module",
    "torch.nn.modules.normalization": "nn.LayerNorm",
    "torch.nn.modules.pooling": "nn.AdaptiveAvgPool2d nn.AvgPool2d nn.MaxPool2d",
    "torch.nn.modules.rnn": "nn.GRU nn.GRUCell nn.LSTM nn.LSTMCell nn.RNN nn.RNNBase nn.RNNCell",
    "torch.nn.modules.sparse": "nn.Embedding",
    "torch.nn.utils.rnn": "nn.utils.rnn.PackedSequence nn.utils.rnn.PackedSequence_",
    "torch.nn.parallel.data_parallel": "nn.DataParallel",
    "torch.nn.parameter": "nn.Parameter nn.UninitializedBuffer nn.UninitializedParameter",
    "torch.optim.adagrad": "optim.Adagrad",
    "torch.optim.adam": "optim.Adam",
    "torch.optim.adamw": "optim.AdamW",
    "torch.optim.lr_scheduler": (
        "optim.lr_scheduler.ExponentialLR optim.lr_scheduler.LRScheduler optim.lr_scheduler.StepLR"
    ),
    "torch.optim.optimizer": "optim.Optimizer",
    "torch.optim.rmsprop": "optim.RMSprop",
    "torch.optim.sgd": "optim.SGD",
    "torch.optim.sparse_adam": "optim.SparseAdam",
    "torch.utils.data.dataloader": "utils.data.DataLoader",
    "torch.utils.data.dataset": (
        "utils.data.ChainDataset utils.data.ConcatDataset utils.data.Dataset "
        "utils.data.IterableDataset utils.data.StackDataset utils.data.Subset "
        "utils.data.TensorDataset utils.data.random_split"
    ),
    "torch.utils.data.sampler": (
        "utils.data.BatchSampler utils.data.RandomSampler utils.data.Sampler "
        "utils.data.SequentialSampler utils.data.SubsetRandomSampler "
        "utils.data.WeightedRandomSampler"
    ),
}
TORCH_MODULES.update(
    {path: module for module, paths in _CLASS_MODULES.items() for path in paths.split()}
)


_MADE: set[str] = set()  # the names of the modules _synthetic made


def _synthetic(fullname: str) -> ModuleType | None:
    """PyTorch's module of a class here (``torch.nn.modules.linear``), or a package above one,
    made of those classes: ``pickle`` and ``import torch.nn.modules.linear`` find them."""
    classes = _CLASS_MODULES.get(fullname)
    is_package = any(m.startswith(fullname + ".") for m in _CLASS_MODULES)
    if classes is None and not is_package:
        return None
    module = ModuleType(fullname)
    _MADE.add(fullname)
    for path in (classes or "").split():
        setattr(module, path.rsplit(".", 1)[-1], _class(path))
    if is_package:
        module.__path__ = []
    module.__spec__ = importlib.machinery.ModuleSpec(fullname, None, is_package=is_package)
    return module


def _class(path: str) -> Any:
    obj: Any = tinygrad_edu
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


class _Alias(importlib.abc.Loader):
    """Loads ``torch.x`` as the already imported ``tinygrad_edu.x`` (the same module object)."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module
        self.spec = module.__spec__

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return self.module

    def exec_module(self, module: ModuleType) -> None:
        # the import system set the alias's spec on it: the module keeps its own
        module.__spec__ = self.spec


class TorchFinder(importlib.abc.MetaPathFinder):
    """The ``sys.meta_path`` finder that makes ``torch.x.y`` the module ``tinygrad_edu.x.y``."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "torch" and not fullname.startswith("torch."):
            return None
        real = PACKAGE + fullname[len("torch") :]
        try:
            module = importlib.import_module(real)
        except ModuleNotFoundError as e:
            if e.name is None or not (real + ".").startswith(e.name + "."):
                raise  # a module here failed to import another: not ours to hide
            module = _synthetic(fullname)
            if module is None:  # no such module here: Python's own error, for torch.x
                return None
        spec = importlib.util.spec_from_loader(fullname, _Alias(module))
        if spec is not None and hasattr(module, "__path__"):
            spec.submodule_search_locations = list(module.__path__)
        elif spec is not None and any(m.startswith(fullname + ".") for m in _CLASS_MODULES):
            # a module here that is a package in PyTorch (torch.utils.data): its submodules
            # (torch.utils.data.sampler) are made of its classes by _synthetic
            spec.submodule_search_locations = []
        return spec


_FINDER = TorchFinder()
_SAVED: dict[str, Any] = {}


_REAL: dict[str, object] = {}  # a real torch's modules, while the hook stands in for them


def install() -> None:
    """Bind ``torch`` and every ``torch.*`` import to tinygrad_edu (idempotent)."""
    if _FINDER in sys.meta_path:
        return
    for name in [m for m in sys.modules if m == "torch" or m.startswith("torch.")]:
        # a torch imported before: the program gets tinygrad_edu's, and uninstall puts it back
        # (its C extension cannot be loaded a second time in one process)
        _REAL[name] = sys.modules.pop(name)
    sys.meta_path.insert(0, _FINDER)
    for name, module in TORCH_MODULES.items():
        cls = _class(name)
        _SAVED[name] = cls.__module__
        cls.__module__ = module


def uninstall() -> None:
    """Undo ``install``: ``torch`` is unbound and the classes print their own module again."""
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)
    for name in [m for m in sys.modules if m == "torch" or m.startswith("torch.")]:
        if sys.modules[name].__name__.startswith(PACKAGE) or name in _MADE:
            del sys.modules[name]
    for name, module in _SAVED.items():
        _class(name).__module__ = module
    _SAVED.clear()
    sys.modules.update(_REAL)
    _REAL.clear()


@contextlib.contextmanager
def as_torch() -> Iterator[None]:
    """``install()`` for the duration of a ``with`` block."""
    install()
    try:
        yield
    finally:
        uninstall()


class ProgramError(Exception):
    """The program cannot be run (a missing file, a directory): one line for the user."""


def run_program(program: str, args: Sequence[str] = ()) -> None:
    """Run the file ``program`` as ``__main__`` with ``sys.argv`` ``[program, *args]``, as
    ``python PROGRAM.py ARGS`` would, but with ``torch`` bound to tinygrad_edu.

    Raises ``ProgramError`` if there is no such file; the program's own exceptions propagate.
    """
    if not os.path.exists(program):
        raise ProgramError(f"cannot run {program!r}: no such file")
    if os.path.isdir(program):
        raise ProgramError(f"cannot run {program!r}: it is a directory")
    install()
    sys.argv = [program, *args]
    sys.path.insert(0, os.path.dirname(os.path.abspath(program)))  # as python does
    runpy.run_path(program, run_name="__main__")


def main(argv: Sequence[str] | None = None, prog: str = "python -m tinygrad_edu.run") -> int:
    """``PROGRAM.py [ARGS]``: run it; bad input is one line on stderr and exit status 2."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        stream = sys.stdout if argv else sys.stderr
        print(f"usage: {prog} PROGRAM.py [ARGS]", file=stream)
        print(
            "Run a PyTorch program with `torch` and every `torch.*` import bound to tinygrad_edu.",
            file=stream,
        )
        return 0 if argv else 2
    try:
        run_program(argv[0], argv[1:])
    except ProgramError as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 2
    return 0
