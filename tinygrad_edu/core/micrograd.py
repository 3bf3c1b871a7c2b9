"""Neural networks from Values: micrograd's ``Neuron``, ``Layer`` and ``MLP``, and three losses.

The classes have micrograd 0.1.0's constructors, call conventions, reprs and initialisation
order, so the same ``random.seed`` builds the same model and gives the same losses:

>>> import random
>>> from tinygrad_edu.nn import MLP
>>> random.seed(0)
>>> model = MLP(2, [2, 1])
>>> model
MLP of [Layer of [ReLUNeuron(2), ReLUNeuron(2)], Layer of [LinearNeuron(2)]]
>>> len(model.parameters())
9
>>> model([1.0, -2.0]).grad_fn.name()
'AddmvBackward0'

A neuron's weighted sum ``b + w1*x1 + ... + wn*xn`` is one n-ary node (``AddmvBackward0``)
where micrograd builds 2n: the same arithmetic in the same order, a fraction of the objects.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any

from .engine import Value, affine, vdot, vsum
from .graph import ZERO
from .ops import affine_sum

__all__ = ["MLP", "Layer", "Neuron", "bce_loss", "hinge_loss", "mse_loss"]

_DATA = attrgetter("data")
Scalar = Value | float


def _inputs(x: Iterable[Any]) -> tuple[Scalar, ...]:
    """Values stay Values; numbers become floats (they need no grad and no node)."""
    return tuple(v if v.__class__ is Value or v.__class__ is float else float(v) for v in x)


def _numbers(xs: tuple[Scalar, ...]) -> list[float]:
    return [v.data if v.__class__ is Value else v for v in xs]


class Module:
    """micrograd's base class: a model's ``parameters()`` and ``zero_grad()``, nothing else.

    Neuron, Layer and MLP are lists of Values, as in micrograd; torch's ``nn.Module`` (hooks,
    state dicts, train and eval) is for tensors (``tinygrad_edu.nn.Module``).
    """

    def zero_grad(self) -> None:
        """Every parameter's grad back to 0, as a Value starts: the next backward's first
        contribution replaces it (so the sign of a zero gradient is PyTorch's)."""
        for p in self.parameters():
            p.grad = ZERO

    def parameters(self) -> list[Value]:
        return []


class Neuron(Module):
    """``relu(w·x + b)`` (or just ``w·x + b`` with ``nonlin=False``); weights uniform in [-1, 1].

    micrograd's library neuron, whose weighted sum is one ``AddmvBackward0`` node. Options:
    ``expand=True`` builds the sum as Karpathy's lecture writes it, ``sum(w*x ...) + b``: one
    ``MulBackward0`` per input and a chain of ``AddBackward0``, every box of his pictures;
    ``lecture=True`` is the lecture's whole neuron: that sum, then ``tanh``, and a bias drawn
    uniform in [-1, 1] after the weights.

    >>> import random
    >>> _ = random.seed(0)
    >>> Neuron(2, lecture=True)([1.0, 2.0]).grad_fn.name()
    'TanhBackward0'
    """

    # (*w, b) as the weighted sum's node keeps them, made again only when w or b is another
    # Value (or list) than last time: one tuple shared by the node of every call, which the
    # search and the pass then read once, not once per call
    _wb: tuple[Scalar, ...] = ()
    _wl: list[Scalar] | None = None

    def __init__(
        self, nin: int, nonlin: bool = True, *, expand: bool = False, lecture: bool = False
    ) -> None:
        self.w = [Value(random.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(random.uniform(-1, 1) if lecture else 0)
        self.nonlin = nonlin
        self.expand = expand or lecture
        self.lecture = lecture

    def __call__(self, x: Iterable[Any], numbers: Sequence[float] | None = None) -> Value:
        # a Layer hands over its inputs cleaned, and their numbers, read once for all neurons
        xs = x if x.__class__ is tuple else _inputs(x)
        if len(xs) != len(self.w):  # zip would silently drop inputs
            raise ValueError(f"{self!r} takes {len(self.w)} inputs, got {len(xs)}")
        if self.expand:
            act = sum((wi * xi for wi, xi in zip(self.w, xs)), self.b)  # the lecture's line
        else:
            if numbers is None:
                numbers = _numbers(xs)
            w, b = self.w, self.b  # w·x + b, one node
            wb = self._wb
            if not wb or wb[-1] is not b or self._wl != w:  # list ==: identity first, in C
                self._wl, wb = list(w), (*w, b)
                self._wb = wb
            act = affine(wb, xs, affine_sum(map(_DATA, w), numbers, b.data))
        if self.lecture:
            return act.tanh()
        return act.relu() if self.nonlin else act

    def parameters(self) -> list[Value]:
        return [*self.w, self.b]

    def __repr__(self) -> str:
        kind = "Tanh" if self.lecture else "ReLU" if self.nonlin else "Linear"
        return f"{kind}Neuron({len(self.w)})"


class Layer(Module):
    """``nout`` neurons reading the same inputs; one output is returned bare, several as a list."""

    def __init__(self, nin: int, nout: int, **kwargs: Any) -> None:
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x: Iterable[Any]) -> Value | list[Value]:
        xs = _inputs(x)  # once per layer, not once per neuron
        numbers = _numbers(xs)
        out = [n(xs, numbers) for n in self.neurons]
        return out[0] if len(out) == 1 else out

    def parameters(self) -> list[Value]:
        return [p for n in self.neurons for p in n.parameters()]

    def __repr__(self) -> str:
        return f"Layer of [{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """Layers of sizes ``nouts`` on ``nin`` inputs, ReLU between them, the last one linear.

    ``lecture=True`` is the MLP of Karpathy's lecture instead: tanh neurons in every layer,
    the last included, with their sums expanded (see ``Neuron``); ``expand=True`` keeps the
    library's MLP but expands its sums.
    """

    def __init__(
        self, nin: int, nouts: Sequence[int], *, expand: bool = False, lecture: bool = False
    ) -> None:
        sz = [nin, *nouts]
        n = len(nouts)
        opts = {"expand": expand, "lecture": lecture}
        self.layers = [Layer(sz[i], sz[i + 1], nonlin=i != n - 1, **opts) for i in range(n)]

    def __call__(self, x: Iterable[Any]) -> Any:
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self) -> list[Value]:
        return [p for layer in self.layers for p in layer.parameters()]

    def __repr__(self) -> str:
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


# -- losses: each takes predictions and targets (sequences of Values or numbers), returns a Value


def _pairs(preds: Sequence[Any], targets: Sequence[Any]) -> int:
    if len(preds) != len(targets) or not preds:
        raise ValueError(f"need as many targets as predictions (>0): {len(preds)}, {len(targets)}")
    return len(preds)


def mse_loss(preds: Sequence[Scalar], targets: Sequence[Scalar]) -> Value:
    """Mean squared error ``mean((p - t)**2)``."""
    n = _pairs(preds, targets)
    return vsum([(p - t) ** 2 for p, t in zip(preds, targets)]) * (1.0 / n)


def hinge_loss(
    scores: Sequence[Value],
    labels: Sequence[float],
    params: Sequence[Value] = (),
    *,
    alpha: float = 1e-4,
) -> Value:
    """Max-margin (SVM) loss ``mean(relu(1 - y*s)) + alpha * sum(p*p)``, labels -1 or +1.

    This is the loss of micrograd's two-moons demo; ``params`` (if given) get the L2 penalty.
    """
    n = _pairs(scores, labels)
    if any(y != 1 and y != -1 for y in labels):  # 0/1 labels would silently train nothing
        raise ValueError("hinge_loss labels must be -1 or +1 (make_moons(..., binary=False))")
    data_loss = vsum([(1.0 - s * float(y)).relu() for s, y in zip(scores, labels)]) * (1.0 / n)
    if not params:
        return data_loss
    ps = list(params)
    return data_loss + alpha * vdot(ps, ps)  # sum(p*p) as one node


def bce_loss(probs: Sequence[Value], targets: Sequence[float]) -> Value:
    """Binary cross-entropy ``-mean(t*log(p) + (1-t)*log(1-p))`` on probabilities in (0, 1).

    A 0 or 1 target keeps only its own term, so a confident right answer costs 0, not nan.
    A confident wrong answer costs inf here, where PyTorch clamps each log at -100.
    """
    n = _pairs(probs, targets)
    terms = []
    for p, t in zip(probs, targets):
        t = float(t)
        if t == 1.0:
            terms.append(p.log())
        elif t == 0.0:
            terms.append((1.0 - p).log())
        else:
            terms.append(t * p.log() + (1.0 - t) * (1.0 - p).log())
    return vsum(terms) * (-1.0 / n)
