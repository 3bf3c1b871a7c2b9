"""``torch.autograd.Function``: your own op on tensors, with a forward and a backward you write.

>>> import tinygrad_edu as torch
>>> class MyExp(torch.autograd.Function):
...     @staticmethod
...     def forward(ctx, i):
...         result = i.exp()
...         ctx.save_for_backward(result)
...         return result
...
...     @staticmethod
...     def backward(ctx, grad_output):
...         (result,) = ctx.saved_tensors
...         return grad_output * result
>>> x = torch.tensor([0.0, 1.0], requires_grad=True)
>>> y = MyExp.apply(x)
>>> y
tensor([1.0000, 2.7183], grad_fn=<MyExpBackward>)
>>> y.sum().backward()
>>> x.grad
tensor([1.0000, 2.7183])

``forward`` runs with grad mode off; its tensor results become the outputs, whose ``grad_fn``
is the ``ctx`` that forward saw (``<torch.autograd.function.MyExpBackward object at ...>``).
``backward`` gets one gradient per output, whole tensors, once per backward pass, and returns
one gradient per input of ``forward`` (None for a number, or an input that needs none).

Under the tensors, a call is scalar nodes like every other op, so pictures and the trace show
it: one node ``MyExpBackward`` whose inputs are the input elements (its Value, labelled
``MyExp.apply``, stands for the whole call), and one ``SelectBackward0`` per output element
picking element ``i`` of it. The backward pass reaches every output element before the call's
node (they all depend on it), so when it gets there each output's gradient is complete: your
``backward`` runs then, once, and what it returns flows into the inputs' elements. The call's
own grad is the sum of its outputs' (what a sum of them would receive).
"""

from __future__ import annotations

import functools
import inspect
import warnings
import weakref
from collections.abc import Sequence
from typing import Any

from .._torch_cpu.float32_libm import round32
from ..core.anomaly_mode import is_anomaly_enabled
from ..core.engine import Value, apply, attach_node, inputs_of
from ..core.grad_mode import STATE, no_grad, set_grad_enabled
from ..core.graph import Node
from ..core.messages import SECOND_BACKWARD
from ..core.ops import Const, Op
from .dtype import float32, float64
from .lazy import build
from .tensor_graph import TensorNode, is_tensor, lift, new_node, remember, replace_input

__all__ = ["BackwardCFunction", "Function", "FunctionCtx"]


class FunctionCtx:
    """What ``forward`` and ``backward`` get as ``ctx``: where you keep what backward needs."""

    def save_for_backward(self, *tensors: Any) -> None:
        """Keep tensors (or None) for backward, read back as ``ctx.saved_tensors``."""
        for k, t in enumerate(tensors):
            if t is not None and not is_tensor(t):
                raise TypeError(
                    f"save_for_backward can only save variables, but argument {k} is of type "
                    f"{type(t).__name__}"
                )
        self.to_save = tensors

    @property
    def saved_tensors(self) -> tuple[Any, ...]:
        if self.__dict__.get("freed_", False) and not self.__dict__.get("running_", False):
            raise RuntimeError(SECOND_BACKWARD)
        saved = tuple(self.__dict__.get("to_save", ()))
        outs = self.__dict__.get("unpacked_")
        return tuple(outs.get(id(t), t) for t in saved) if outs else saved

    def mark_dirty(self, *tensors: Any) -> None:
        """These inputs were modified in place by forward (and are returned as outputs): each
        becomes its output, with this call as its grad_fn, and its version moves on."""
        self.dirty = tensors

    def mark_non_differentiable(self, *tensors: Any) -> None:
        """These outputs get no grad_fn (an index, a mask); backward gets zeros for them."""
        self.non_differentiable = tensors

    def set_materialize_grads(self, value: bool) -> None:
        """``False``: backward gets None, not zeros, for an output no gradient reached."""
        self.materialize_grads = bool(value)


class BackwardCFunction(TensorNode, FunctionCtx):
    """The node of one call of a Function (its class is ``<Name>Backward``): its ``ctx``."""

    slots = -1  # every tensor input has a next_functions entry
    _forward_cls: type[Function]

    def name(self) -> str:
        return type(self).__name__

    def __repr__(self) -> str:
        return f"<torch.autograd.function.{type(self).__name__} object at {id(self):#x}>"

    @property
    def freed(self) -> bool:
        return self.__dict__.get("freed_", False)

    def output_elements(self) -> list[Value]:
        # a call's node holds none of its output's elements: making them gives them to the
        # output tensor itself (``_Deferred.make``)
        build([self])
        return []

    def __call__(self, *grad_outputs: Any) -> Any:
        raise TypeError(f"'{type(self).__name__}' object is not callable")


class Function:
    """Subclass it with ``forward(ctx, *args)`` and ``backward(ctx, *grad_outputs)`` as
    staticmethods; call it as ``MyFunction.apply(*args)``."""

    _backward_cls: type[BackwardCFunction]
    _call_node: type[_CallNode]
    _out_op: Op

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name = f"{cls.__name__}Backward"
        cls._backward_cls = type(name, (BackwardCFunction,), {"_forward_cls": cls})
        cls._call_node = type(name, (_CallNode,), {"__slots__": ()})
        cls._out_op = _out_op(name)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # old (before 1.3) code made an instance and called it: PyTorch warns, then refuses
        warnings.warn(
            f"{self.__class__} should not be instantiated. Methods on autograd functions are all "
            "static, so you should invoke them on the class itself. Instantiating an autograd "
            "function will raise an error in a future version of PyTorch.",
            DeprecationWarning,
            stacklevel=2,
        )

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(
            "Legacy autograd function with non-static forward method is deprecated. Please use "
            "new-style autograd function with static forward method. (Example: "
            "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)"
        )

    @staticmethod
    def forward(ctx: Any, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(
            "You must implement the forward function for custom autograd.Function."
        )

    @staticmethod
    def setup_context(ctx: Any, inputs: tuple[Any, ...], output: Any) -> Any:
        """Define it to write ``forward(*args)`` without ``ctx``: this gets ``ctx``, forward's
        inputs (a tuple) and its output, and saves what backward needs."""
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx: Any, *grad_outputs: Any) -> Any:
        raise NotImplementedError(
            "You must implement either the backward or vjp method for your custom "
            "autograd.Function to use it with backward mode AD."
        )

    @classmethod
    def apply(cls, *args: Any, **kwargs: Any) -> Any:
        """Run ``forward`` on ``args`` and record the call when an input requires grad."""
        args, kwargs = _bound(cls, args, kwargs)
        ctx = new_node(cls._backward_cls, tuple(a for a in args if is_tensor(a)), ())
        ctx.needs_input_grad = tuple(is_tensor(a) and a.requires_grad for a in args)
        with no_grad():
            if cls.setup_context is Function.setup_context:
                out = cls.forward(ctx, *args, **kwargs)
            else:  # forward without ctx; setup_context saves what backward needs
                out = cls.forward(*args, **kwargs)
                cls.setup_context(ctx, args, out)
        dirty = ctx.__dict__.get("dirty", ())
        for d in dirty:
            if STATE.enabled and d.is_leaf and d.requires_grad:
                raise RuntimeError(
                    "a leaf Variable that requires grad has been used in an in-place operation."
                )
            d.version_counter.value += 1  # PyTorch bumps a dirty tensor's version once more
        if not (STATE.enabled and any(ctx.needs_input_grad)):
            return out
        if dirty:
            return _take_over(ctx, dirty, out, _Call(cls, ctx, args).wrap(out))
        if _numbers_first(ctx, out, args):  # its output's elements made when asked
            later = _Deferred(cls, args, out)
            ctx.defer(later)
            t = type(out).from_numbers(out.numbers(), out.shape, out.dtype, ctx)
            later.result = weakref.ref(t)
            return t
        return _Call(cls, ctx, args).wrap(out)


def _bound(
    cls: type[Function], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """forward's arguments as PyTorch passes them on: keywords bound to their positions (so
    ``needs_input_grad`` has one entry each), and with ``setup_context`` the defaults too."""
    setup = cls.setup_context is not Function.setup_context
    if not (kwargs or setup):
        return args, kwargs
    try:
        if setup:
            b = inspect.signature(cls.forward).bind(*args, **kwargs)
            b.apply_defaults()
            return b.args, b.kwargs
        b = inspect.signature(cls.forward).bind(None, *args, **kwargs)
        return b.args[1:], b.kwargs
    except (TypeError, ValueError):  # forward itself reports a wrong call
        return args, kwargs


def _take_over(ctx: BackwardCFunction, dirty: tuple[Any, ...], out: Any, wrapped: Any) -> Any:
    """Each dirty input returned as an output becomes that output (so ``out is x``), its node
    this call's; the call's input is the tensor as it was."""
    outs, news = (out, wrapped) if isinstance(out, tuple) else ((out,), (wrapped,))
    got = list(news)
    for k, (o, w) in enumerate(zip(outs, news)):
        if any(o is d for d in dirty) and w is not o:
            replace_input(ctx, o, type(o).from_values(o.flat, o.shape, o.dtype, o.grad_fn))
            o.flat, o.grad_fn = w.flat, w.grad_fn
            remember(o)
            got[k] = o
    return tuple(got) if isinstance(out, tuple) else got[0]


def _numbers_first(ctx: BackwardCFunction, out: Any, args: tuple[Any, ...]) -> bool:
    # one float output of the inputs' dtype, outside anomaly mode: as the tensor ops do
    if not is_tensor(out) or out.dtype not in (float32, float64) or is_anomaly_enabled():
        return False
    if ctx.__dict__.get("non_differentiable"):
        return False
    return all(a.dtype is out.dtype for a in args if is_tensor(a) and a.requires_grad)


class _Deferred:
    """A one-output call whose output's elements (and the call's scalar nodes) are made when
    first asked for; until then a backward pass over numbers runs the call's ``backward``.
    It holds no call and no ctx (the ctx holds it): a graph of it frees by reference counts."""

    kind = "function"
    maps = None

    def __init__(self, cls: type[Function], args: tuple[Any, ...], out: Any) -> None:
        self.cls, self.args, self.out = cls, args, out
        self.result: Any = None  # the output tensor, held weakly
        self.grads: list[float] | None = None

    def make(self, ctx: BackwardCFunction) -> list[Value]:
        with set_grad_enabled(True):
            vals = _Call(self.cls, ctx, self.args).wrap(self.out).flat
        if self.grads is not None:  # what a pass over numbers gave: the output's, the call's
            for v, g in zip(vals, self.grads):
                v.grad = g
            hub = inputs_of(vals[0])[0] if vals else None
            if hub is not None:
                total = 0.0
                for g in reversed(self.grads):
                    total += g
                hub.grad = total
        t = self.result() if self.result is not None else None
        if t is not None:
            t.flat = vals
        return []  # the call's node holds none of its output's elements

    def backward(
        self, ctx: BackwardCFunction, g: list[float], *, retain_graph: bool
    ) -> list[list[float] | None]:
        """Each tensor input's gradient from the output's ``g``: your ``backward``, once."""
        o = self.out
        saves = bool(ctx.__dict__.get("to_save"))
        if saves and ctx.freed:
            raise RuntimeError(SECOND_BACKWARD)
        grad = type(o).from_numbers(round32(g) if o.dtype is float32 else list(g), o.shape, o.dtype)
        flat = _Call(self.cls, ctx, self.args).run([grad])
        if saves and not retain_graph:
            ctx.freed_ = True
        shares: list[list[float] | None] = []
        at = 0
        for a in ctx.differentiable_inputs:
            if not a.requires_grad:
                shares.append(None)
                continue
            n = a.numel()
            part = flat[at : at + n]
            at += n
            shares.append(None if part and part[0] is None else list(part))
        return shares


class _Collect(float):
    """An output element's local derivative (1.0): multiplying the upstream gradient by it
    hands that gradient to the call, which gathers every output's before backward runs."""

    def __new__(cls, call: _Call, pos: int) -> _Collect:
        self = super().__new__(cls, 1.0)
        self.call, self.pos = call, pos
        return self

    def __rmul__(self, upstream: Any) -> Any:
        self.call.collect(self.pos, upstream)
        return upstream


class _Vjp(float):
    """An input element's local derivative: multiplying by it gives what your backward
    returned for that element (its number: that over the upstream gradient, for the trace)."""

    def __new__(cls, call: _Call, j: int) -> _Vjp:
        self = super().__new__(cls, call.ratio(j))
        self.call, self.j = call, j
        return self

    def __rmul__(self, upstream: Any) -> Any:
        return self.call.vjp(self.j, upstream)


class _OnGraph:
    """``_Collect`` or ``_Vjp`` in a create_graph pass, where the upstream gradient is a Value:
    not a number, so that ``upstream * it`` (which a Value refuses) comes to ``__rmul__``."""

    __slots__ = ("hand",)

    def __init__(self, hand: Any) -> None:
        self.hand = hand

    def __rmul__(self, upstream: Any) -> Any:
        return self.hand(upstream)


class _CallNode(Node):
    """The call's scalar node: its freed state is the ctx's, so that ``saved_tensors`` is
    refused after a pass that did not retain the graph, as PyTorch's is. One class per
    Function (named as its backward node), the call's own op on each node."""

    __slots__ = ("ctx", "op")

    def __getattr__(self, attr: str) -> Any:
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{attr}'")

    @property  # type: ignore[override]
    def _freed(self) -> bool:
        return self.ctx.__dict__.get("freed_", False)

    @_freed.setter
    def _freed(self, value: bool) -> None:
        self.ctx.freed_ = value


class _Index(int):
    """Which element of the call's outputs an output element is: the constant input of its
    ``SelectBackward0`` (shown as the number), through which the op reaches the call."""

    def __new__(cls, call: _Call, pos: int) -> _Index:
        self = super().__new__(cls, pos)
        self.call = call
        return self


def _out_local(h: Any, i: Any, out: Any) -> tuple[Any, ...]:
    if isinstance(out, Value):  # create_graph: a saved output is read back as this element
        call, pos = i.call, int(i)
        call.hub = h
        return (_OnGraph(lambda up: call.collect(pos, up) or up),)
    return (_Collect(i.call, int(i)),)


def _out_op(name: str) -> Op:
    # one per Function class, holding no call: the node-class registry keeps it
    return Op(key=f"fn:{name}:out", name="SelectBackward0",
              forward=lambda h, i: i.call.datas[int(i)], local=_out_local, expr="{0}[{1}]",
              dlocal=("1",), params=(("index", 0),), method=None)  # fmt: skip


# the base class's own, for Function.apply itself (whose forward raises PyTorch's error)
Function._backward_cls = type("FunctionBackward", (BackwardCFunction,), {"_forward_cls": Function})
Function._call_node = type("FunctionBackward", (_CallNode,), {"__slots__": ()})
Function._out_op = _out_op("FunctionBackward")


class _Call:
    """One call of a Function: its ops, the gradients gathered in a pass, backward's result."""

    def __init__(self, cls: type[Function], ctx: BackwardCFunction, args: tuple[Any, ...]) -> None:
        self.cls, self.ctx, self.args = cls, ctx, args
        self.inputs = [a for a in args if is_tensor(a) and a.requires_grad]
        self.outs: list[Any] = []  # per output: (tensor as forward made it, first position)
        self.datas: list[float] = []  # the differentiable outputs' numbers, one list
        self.grads: dict[int, Any] = {}
        self.fresh = False
        self.result: list[Any] = []
        self.upstream: Any = 0.0
        self.graph = False  # this pass builds a graph of the gradients (create_graph)
        self.hub: Value | None = None  # the call's Value, in such a pass (then let go)
        self.returned: tuple[Any, ...] = ()  # what backward returned, in such a pass

    def wrap(self, out: Any) -> Any:
        outs = out if isinstance(out, tuple) else (out,)
        skip = {id(t) for t in self.ctx.__dict__.get("non_differentiable", ())}
        diff = [is_tensor(o) and o.dtype.is_floating_point and id(o) not in skip for o in outs]
        datas = self.datas
        for o, d in zip(outs, diff):
            self.outs.append((o, len(datas) if d else -1))
            if d:
                datas += [v.data for v in o.flat]
        name = type(self.ctx).__name__
        label = f"{self.cls.__name__}.apply"

        def call_local(*xs: Any) -> tuple[Any, ...]:
            # create_graph: backward runs with grad mode on, on tensors of the pass's Values
            self.graph = isinstance(xs[-1], Value)
            if self.graph:
                return tuple(_OnGraph(functools.partial(self.vjp, j)) for j in range(len(xs) - 1))
            return tuple(_Vjp(self, j) for j in range(len(xs) - 1))

        saves = bool(self.ctx.__dict__.get("to_save"))
        rule = f"{self.cls.__name__}.backward / upstream"
        call_op = Op(key=f"fn:{name}", name=name, forward=lambda *xs: 0.0, local=call_local,
                     expr=label, dlocal=lambda slot, count: rule, slots=-1,
                     saved={"_saved_ctx": Const(None)} if saves else {}, method=None)  # fmt: skip
        with_grad = tuple(v for t in self.inputs for v in t.flat)
        hub = apply(call_op, with_grad)
        hub.label = label
        node = object.__new__(self.cls._call_node)
        node.ctx, node.op = self.ctx, call_op
        Node.__init__(node, with_grad, 0.0)
        attach_node(hub, node)
        wrapped = []
        for o, (_, first) in zip(outs, self.outs):
            if first < 0:
                wrapped.append(o)
                continue
            out_op = self.cls._out_op
            vals = [apply(out_op, (hub, _Index(self, first + k))) for k in range(len(o.flat))]
            wrapped.append(type(o).from_values(vals, o.shape, o.dtype, self.ctx))
        return tuple(wrapped) if isinstance(out, tuple) else wrapped[0]

    # -- the backward pass -------------------------------------------------------------------

    def collect(self, pos: int, g: Any) -> None:
        if not self.fresh:  # the first output element of a new pass
            self.grads, self.fresh = {}, True
        # an element reached twice (create_graph: as the output, and as a saved output read
        # back in backward) gets the sum
        self.grads[pos] = self.grads[pos] + g if pos in self.grads else g

    def ratio(self, j: int) -> float:
        r = self.result[j] if j < len(self.result) else None
        if r is None or not self.upstream:
            return 0.0 if r is None else float("nan")
        return r / self.upstream

    def vjp(self, j: int, upstream: Any) -> Any:
        if self.fresh:  # every output element has been reached: backward runs, once
            self.fresh, self.upstream = False, upstream
            self.result = self.run()
        return self.result[j]

    def grad_outputs(self) -> list[Any]:
        materialize = self.ctx.__dict__.get("materialize_grads", True)
        grads = []
        for o, first in self.outs:
            if not is_tensor(o):
                grads.append(None)
                continue
            n = len(o.flat)
            got = [self.grads.get(first + k) for k in range(n)] if first >= 0 else [None] * n
            if not materialize and all(g is None for g in got):
                grads.append(None)
                continue
            if self.graph:  # the pass's own Values, so that backward's arithmetic is recorded
                vals = [g if isinstance(g, Value) else Value(float(g or 0.0), requires_grad=False)
                        for g in got]  # fmt: skip
                grads.append(lift(type(o), vals, o.shape, o.dtype))
                continue
            data = [0.0 if g is None else float(g) for g in got]
            if o.dtype is float32:  # a float32 output's gradient holds float32 numbers
                data = round32(data)
            vals = [Value(d, requires_grad=False) for d in data]
            grads.append(type(o).from_values(vals, o.shape, o.dtype))
        return grads

    def outputs_as_saved(self) -> dict[int, Any]:
        """create_graph: each output forward saved, by id, as a tensor of the call's graph (as
        PyTorch unpacks a saved output with its grad_fn), so the gradient is a function of it."""
        hub, saved = self.hub, {id(t) for t in self.ctx.__dict__.get("to_save", ())}
        found: dict[int, Any] = {}
        if hub is None:
            return found
        for o, first in self.outs:
            if first >= 0 and id(o) in saved:
                vals = [apply(self.cls._out_op, (hub, _Index(self, first + k)))
                        for k in range(len(o.flat))]  # fmt: skip
                found[id(o)] = t = type(o).from_values(vals, o.shape, o.dtype, self.ctx)
                remember(t)
        return found

    def run(self, grads: list[Any] | None = None) -> list[Any]:
        ctx, name = self.ctx, type(self.ctx).__name__
        ctx.running_ = True
        try:
            with set_grad_enabled(self.graph):
                if self.graph:
                    ctx.unpacked_ = self.outputs_as_saved()
                got = self.cls.backward(ctx, *(self.grad_outputs() if grads is None else grads))
        finally:
            ctx.running_, self.hub = False, None
            ctx.__dict__.pop("unpacked_", None)
        got = got if isinstance(got, tuple) else (got,)
        if self.graph:  # kept, so the gradient read back is the tensor backward returned
            self.returned = got
        n = len(self.args)
        if len(got) > n and all(g is None for g in got[n:]):
            got = got[:n]
        if len(got) != n:
            raise RuntimeError(
                f"function {name} returned an incorrect number of gradients "
                f"(expected {n}, got {len(got)})"
            )
        flat: list[Any] = []
        for k, (a, g) in enumerate(zip(self.args, got)):
            if not is_tensor(a):
                if g is not None:
                    raise RuntimeError(
                        f"function {name} returned a gradient different than None at position "
                        f"{k + 1}, but the corresponding forward input was not a Variable"
                    )
                continue
            if not a.requires_grad:
                continue
            flat += _elements(name, k, a, g, graph=self.graph)
        return flat


def _elements(name: str, k: int, a: Any, g: Any, *, graph: bool = False) -> Sequence[Any]:
    """The gradient ``g`` backward returned for input ``a`` (number ``k``), element by element
    in ``a``'s dtype (None: no gradient); its Values themselves in a create_graph pass."""
    if g is None:
        return [None] * a.numel()
    if not is_tensor(g) or tuple(g.shape) != tuple(a.shape):
        got = list(g.shape) if is_tensor(g) else type(g).__name__
        raise RuntimeError(
            f"Function {name} returned an invalid gradient at index {k} - got {got} but "
            f"expected shape compatible with {list(a.shape)}"
        )
    if graph:
        remember(g)  # the gradient read back is this tensor, with the grad_fn backward gave it
        return list(g.flat)
    data = list(g.numbers())
    return round32(data) if a.dtype is float32 else data
