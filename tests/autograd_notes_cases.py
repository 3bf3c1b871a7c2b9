"""What PyTorch's autograd notes and tutorials do, as cases run on a ``torch`` module given.

``tests/data/make_autograd_notes.py`` runs each case with real PyTorch and stores what it
returns (``tests/data/autograd_notes_cases.json``); ``tests/test_autograd_notes.py`` runs it
with tinygrad_edu and compares. A case returns numbers, names and error texts only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

DTYPES = ("float32", "float64")
X = [0.5, -1.25, 2.0]
CASES: dict[str, Callable[[Any, str], Any]] = {}


def case(fn: Callable[[Any, str], Any]) -> Callable[[Any, str], Any]:
    CASES[fn.__name__] = fn
    return fn


def _name(fn: Any) -> Any:
    return None if fn is None else type(fn).__name__


def _functions(torch: Any) -> dict[str, Any]:
    """The tutorial's Functions ("Double Backward with Custom Functions"), for ``torch``."""

    class Square(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x**2

        @staticmethod
        def backward(ctx, grad_out):
            (x,) = ctx.saved_tensors
            return grad_out * 2 * x

    class Exp(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            result = torch.exp(x)
            ctx.save_for_backward(result)
            return result

        @staticmethod
        def backward(ctx, grad_out):
            (result,) = ctx.saved_tensors
            return result * grad_out

    class SinhBad(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.expx, ctx.expnegx = torch.exp(x), torch.exp(-x)
            return (ctx.expx - ctx.expnegx) / 2

        @staticmethod
        def backward(ctx, grad_out):
            return grad_out * (ctx.expx + ctx.expnegx) / 2

    class Cube(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x**3

        @staticmethod
        def backward(ctx, grad_out):
            (x,) = ctx.saved_tensors
            return CubeBackward.apply(grad_out, x)

    class CubeBackward(torch.autograd.Function):
        @staticmethod
        def forward(ctx, grad_out, x):
            ctx.save_for_backward(x, grad_out)
            return grad_out * 3 * x**2

        @staticmethod
        def backward(ctx, grad_out):
            x, sav_grad_out = ctx.saved_tensors
            return grad_out * 3 * x**2, grad_out * sav_grad_out * 6 * x

    return {"Square": Square, "Exp": Exp, "SinhBad": SinhBad, "Cube": Cube}


@case
def create_graph_through_function(torch: Any, dt: str) -> Any:
    """A gradient made with create_graph through each Function, and its own gradient."""
    got = {}
    for name, fn in _functions(torch).items():
        x = torch.tensor(X, dtype=getattr(torch, dt), requires_grad=True)
        out = fn.apply(x)
        (g,) = torch.autograd.grad(out.sum(), x, create_graph=True)
        row = {"g": g.tolist(), "fn": _name(g.grad_fn), "rg": g.requires_grad}
        if g.grad_fn is not None:
            row["next"] = [_name(f) for f, _ in g.grad_fn.next_functions]
            (gg,) = torch.autograd.grad(g.sum(), x, allow_unused=True)
            row["gg"] = None if gg is None else gg.tolist()
        got[name] = row
    return got


@case
def create_graph_with_grad_outputs(torch: Any, dt: str) -> Any:
    """grad_outputs that require grad: backward's arithmetic on them is recorded."""
    got = {}
    for name, fn in _functions(torch).items():
        x = torch.tensor(X, dtype=getattr(torch, dt), requires_grad=True)
        v = torch.tensor([1.0, -2.0, 0.25], dtype=getattr(torch, dt), requires_grad=True)
        (g,) = torch.autograd.grad(fn.apply(x), x, v, create_graph=True)
        dx, dv = torch.autograd.grad(g.sum(), (x, v), allow_unused=True)
        got[name] = {
            "g": g.tolist(), "fn": _name(g.grad_fn),
            "dx": None if dx is None else dx.tolist(), "dv": dv.tolist(),
        }  # fmt: skip
    return got


@case
def gradgradcheck_custom(torch: Any, dt: str) -> Any:
    """gradgradcheck of each Function: True, or the first line of its error."""
    got = {}
    for name, fn in _functions(torch).items():
        x = torch.tensor(X, dtype=torch.float64, requires_grad=True)
        try:
            got[name] = torch.autograd.gradgradcheck(fn.apply, x)
        except Exception as e:
            got[name] = [type(e).__name__, str(e).splitlines()[0]]
    return got


@case
def setup_context_form(torch: Any, dt: str) -> Any:
    """``forward(*args)`` without ctx and ``setup_context(ctx, inputs, output)`` ("Extending
    PyTorch"): the MyCube example, which returns an intermediate to double-backward through."""

    class MyCube(torch.autograd.Function):
        @staticmethod
        def forward(x):
            return x**3, 3 * x**2

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.save_for_backward(inputs[0], output[1])
            ctx.seen = (len(inputs), len(output))

        @staticmethod
        def backward(ctx, grad_output, grad_dx):
            x, dx = ctx.saved_tensors
            return grad_output * dx + grad_dx * 6 * x

    x = torch.tensor(X, dtype=getattr(torch, dt), requires_grad=True)
    result, _ = MyCube.apply(x)
    (g,) = torch.autograd.grad(result.sum(), x, create_graph=True)
    (gg,) = torch.autograd.grad(g.sum(), x)
    return {
        "out": result.tolist(), "fn": _name(result.grad_fn), "seen": list(result.grad_fn.seen),
        "g": g.tolist(), "g_fn": _name(g.grad_fn), "gg": gg.tolist(),
    }  # fmt: skip


def _error(f: Callable[[], Any]) -> Any:
    try:
        f()
    except Exception as e:  # the error is what is compared
        return [type(e).__name__, str(e)]
    return None


@case
def mark_dirty(torch: Any, dt: str) -> Any:
    """FunctionCtx.mark_dirty's docstring example (x.add_(1) for its NumPy write): the input
    becomes the output, its version moves on, and a use saved before it is refused."""

    class Inplace(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            x.add_(1)
            ctx.mark_dirty(x)
            return x

        @staticmethod
        def backward(ctx, grad_output):
            return grad_output * 2

    a = torch.tensor(X, dtype=getattr(torch, dt), requires_grad=True).clone()
    b = a * a
    out = Inplace.apply(a)
    row = {"same": out is a, "a": a.tolist(), "fn": _name(a.grad_fn), "version": a._version}
    row["saved_error"] = _error(lambda: b.sum().backward())
    leaf = torch.tensor(X, dtype=getattr(torch, dt), requires_grad=True)
    row["leaf_error"] = _error(lambda: Inplace.apply(leaf))
    c = leaf * 3
    Inplace.apply(c)
    (c * c).sum().backward()
    row["grad"] = leaf.grad.tolist()
    return row


@case
def legacy_instance(torch: Any, dt: str) -> Any:
    """A Function made as an instance and called (code from before PyTorch 1.3)."""
    import warnings

    class Exp(torch.autograd.Function):
        @staticmethod
        def forward(ctx, i):
            return i.exp()

    x = torch.tensor(X, dtype=getattr(torch, dt), requires_grad=True)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        f = Exp()
    text = str(seen[0].message).replace(Exp.__qualname__, "Exp")
    return {"warning": [seen[0].category.__name__, text], "call": _error(lambda: f(x))}


@case
def backward_inputs(torch: Any, dt: str) -> Any:
    """``backward(inputs=...)``: only those tensors (a leaf, or not) get a ``.grad``."""
    import warnings

    d = getattr(torch, dt)
    w1 = torch.tensor([1.0, 2.0], dtype=d, requires_grad=True)
    w2 = torch.tensor([3.0, 4.0], dtype=d, requires_grad=True)
    loss = (w1 * w2.exp()).sum()
    loss.backward(inputs=[w1], retain_graph=True)
    row = {"one": [w1.grad.tolist(), w2.grad]}
    loss.backward(inputs=w2)
    row["two"] = [w1.grad.tolist(), w2.grad.tolist()]
    h = w1 * 2
    (h * w2).sum().backward(inputs=[h])
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        row["nonleaf"] = [h.grad.tolist(), w1.grad.tolist(), len(seen)]
    row["empty"] = _error(lambda: (w1 * 2).sum().backward(inputs=[]))
    torch.autograd.backward([(w1**3).sum()], inputs=[w1])
    row["accumulated"] = w1.grad.tolist()
    two = (w1 * 2).sum()
    row["materialize"] = _error(
        lambda: torch.autograd.grad(two, [w2], allow_unused=False, materialize_grads=True)
    )
    return row


@case
def inference_tensors(torch: Any, dt: str) -> Any:
    """Inference mode ("Autograd mechanics"): a tensor made there refuses requires_grad, being
    saved for backward and in-place updates outside it."""
    d = getattr(torch, dt)
    with torch.inference_mode():
        i = torch.ones(2, dtype=d)
    k = torch.ones(2, dtype=d, requires_grad=True)
    return {
        "requires_grad": _error(lambda: i.requires_grad_()),
        "saved": _error(lambda: i * k),
        "inplace": _error(lambda: i.add_(1)),
        "not_saved": (i + k).requires_grad,
    }


@case
def hooks_and_inplace(torch: Any, dt: str) -> Any:
    """A hook registered before an in-place op gets the gradient of the tensor as it was then;
    one registered after, the gradient of the tensor as the op left it."""
    seen: list[Any] = []
    t = torch.tensor(X, dtype=getattr(torch, dt), requires_grad=True)
    s = t * 1
    s.register_hook(lambda g: seen.append(["before", g.tolist()]))
    s.mul_(s.detach() + 2)
    s.register_hook(lambda g: seen.append(["after", g.tolist()]))
    (s * s).sum().backward()
    return {"hooks": seen, "grad": t.grad.tolist()}


@case
def gradcheck_keywords(torch: Any, dt: str) -> Any:
    """gradcheck's and gradgradcheck's keywords as the tutorials pass them (``fast_mode``):
    a right backward passes either way, a wrong one fails."""
    fns = _functions(torch)
    x = torch.tensor(X, dtype=torch.float64, requires_grad=True)
    row = {}
    for fast in (False, True):
        row[f"fast={fast}"] = [
            torch.autograd.gradcheck(fns["Exp"].apply, (x,), fast_mode=fast),
            torch.autograd.gradgradcheck(fns["Square"].apply, (x,), fast_mode=fast),
            torch.autograd.gradgradcheck(
                fns["SinhBad"].apply, (x,), fast_mode=fast, raise_exception=False
            ),
            torch.autograd.gradcheck(
                fns["Exp"].apply, (x,), fast_mode=fast, check_undefined_grad=False,
                check_batched_grad=False, check_grad_dtypes=False,
            ),
        ]  # fmt: skip
    return row


@case
def function_arguments(torch: Any, dt: str) -> Any:
    """A Function's arguments: keywords count in ``needs_input_grad``, a tensor input whose
    gradient backward gives as None keeps ``.grad`` None, and a number saved is refused."""
    seen = []

    class Scale(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, factor=2.0, shift=None):
            seen.append(list(ctx.needs_input_grad))
            ctx.factor = factor
            return x * factor if shift is None else x * factor + shift

        @staticmethod
        def backward(ctx, g):
            return g * ctx.factor, None, None

    class SaveInt(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, n):
            ctx.save_for_backward(x, n)
            return x * n

    d = getattr(torch, dt)
    x = torch.tensor(X, dtype=d, requires_grad=True)
    s = torch.tensor(1.0, dtype=d, requires_grad=True)
    Scale.apply(x, 3.0, s).sum().backward()
    row = {"grads": [x.grad.tolist(), s.grad]}
    row["kw"] = Scale.apply(x, factor=4.0).tolist()
    row["seen"] = seen
    row["save_int"] = _error(lambda: SaveInt.apply(x, 3))
    return row


@case
def backward_create_graph_through_function(torch: Any, dt: str) -> Any:
    """``backward(create_graph=True)`` through a Function whose output is used again after it
    (so its gradient arrives both as the output's and as the saved output's), then the
    gradient's own gradient; and the leaf's grad_fn named as PyTorch names it."""
    import warnings

    fns = _functions(torch)
    x = torch.tensor(X, dtype=getattr(torch, dt), requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e = fns["Exp"].apply(x * 0.5)
        (e * e).sum().backward(create_graph=True)
    g = x.grad
    row = {"g": g.tolist(), "dtype": str(g.dtype), "name": g.grad_fn.name()}
    x.grad = None
    g.sum().backward()
    row["gg"] = x.grad.tolist()
    return row


@case
def backward_inputs_create_graph(torch: Any, dt: str) -> Any:
    """``backward(inputs=..., create_graph=True)`` and ``grad(materialize_grads=True,
    create_graph=True)``: gradients with graphs, as PyTorch's AccumulateGrad makes them; an
    input that does not require grad is refused."""
    import warnings

    d = getattr(torch, dt)
    p = torch.tensor([1.0, 2.0], dtype=d, requires_grad=True)
    q = torch.tensor([5.0], dtype=d, requires_grad=True)
    g = torch.autograd.grad((p**3).sum(), [p, q], create_graph=True, materialize_grads=True)
    row = {"materialized": [g[1].tolist(), g[1].requires_grad, _name(g[1].grad_fn)]}
    h = p * 2
    h.retain_grad()
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        (h**2).sum().backward(inputs=[h, p], create_graph=True)
    row["warned"] = [w.category.__name__ for w in seen]
    row["grads"] = [h.grad.tolist(), _name(h.grad.grad_fn), p.grad.tolist(), _name(p.grad.grad_fn)]
    row["refused"] = _error(lambda: (p * 3).sum().backward(inputs=[torch.tensor([1.0])]))
    return row
