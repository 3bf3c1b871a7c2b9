"""torch.autograd.Function: the node, one backward call per pass with whole tensors, PyTorch's
errors, gradcheck and gradgradcheck (expected texts are PyTorch 2.13's, as it prints them)."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
from tinygrad_edu.autograd import Function, GradcheckError, gradcheck, gradgradcheck
from tinygrad_edu.core.messages import SECOND_BACKWARD

CALLS: list[tuple] = []


class MyExp(Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        (result,) = ctx.saved_tensors
        CALLS.append(tuple(grad_output.tolist()))
        return grad_output * result


class MulConstant(Function):
    @staticmethod
    def forward(ctx, tensor, constant):
        ctx.constant = constant
        return tensor * constant

    @staticmethod
    def backward(ctx, grad_output):
        CALLS.append(ctx.needs_input_grad)
        return grad_output * ctx.constant, None


class SinCos(Function):  # two outputs
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.sin(), x.cos()

    @staticmethod
    def backward(ctx, gs, gc):
        (x,) = ctx.saved_tensors
        CALLS.append((None if gs is None else gs.tolist(), None if gc is None else gc.tolist()))
        return gs * x.cos() - gc * x.sin()


def _x(*v):
    return torch.tensor(list(v), dtype=torch.float64, requires_grad=True)


def setup_function():
    CALLS.clear()


def test_the_output_s_grad_fn_is_the_ctx_named_after_the_class():
    x = _x(0.5, -1.0)
    y = MyExp.apply(x)
    assert repr(y).endswith("dtype=torch.float64, grad_fn=<MyExpBackward>)")
    assert re.fullmatch(
        r"<torch\.autograd\.function\.MyExpBackward object at 0x[0-9a-f]+>", repr(y.grad_fn)
    )
    assert type(y.grad_fn).__name__ == y.grad_fn.name() == "MyExpBackward"
    ((edge, nr),) = y.grad_fn.next_functions
    assert edge.name() == "torch::autograd::AccumulateGrad" and edge.variable is x and nr == 0
    z = MulConstant.apply(y, 2.0)  # a number input has no next_functions entry
    assert z.grad_fn.next_functions == ((y.grad_fn, 0),)
    assert z.grad_fn.needs_input_grad == (True, False) and z.grad_fn.constant == 2.0
    with pytest.raises(TypeError, match="'MulConstantBackward' object is not callable"):
        z.grad_fn(torch.ones(2))
    with pytest.raises(
        AttributeError, match="'MulConstantBackward' object has no attribute 'nope'"
    ):
        _ = z.grad_fn.nope


def test_backward_runs_once_per_pass_with_whole_tensors():
    x = _x(0.0, 1.0, 2.0)
    y = MyExp.apply(x)
    (y[0] * 2 + y[2] * 3).backward(retain_graph=True)
    assert CALLS == [(2.0, 0.0, 3.0)]  # one call; the unused element's gradient is 0
    assert x.grad.tolist() == [2.0, 0.0, 3.0 * math.exp(2.0)]
    (y * y).sum().backward()
    assert CALLS[1] == tuple(2 * math.exp(v) for v in (0.0, 1.0, 2.0))
    with pytest.raises(RuntimeError, match=re.escape(SECOND_BACKWARD)):
        y.sum().backward()  # its saved tensors are gone
    with pytest.raises(RuntimeError, match=re.escape(SECOND_BACKWARD)):
        _ = y.grad_fn.saved_tensors


def test_two_outputs_share_one_node_and_one_backward_call():
    x = _x(0.3, -1.2)
    s, c = SinCos.apply(x)
    assert s.grad_fn is c.grad_fn
    s.sum().backward()  # no gradient reached c: backward gets zeros for it
    assert CALLS == [([1.0, 1.0], [0.0, 0.0])]
    assert x.grad.tolist() == [math.cos(0.3), math.cos(-1.2)]


def test_materialize_grads_off_passes_none_and_non_differentiable_outputs_get_no_grad_fn():
    class Half(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.set_materialize_grads(False)
            idx = torch.tensor([1, 0])
            ctx.mark_non_differentiable(idx)
            return x * 0.5, x * 2, idx

        @staticmethod
        def backward(ctx, g, g2, gi):
            CALLS.append((g2, gi))
            return g * 0.5

    x = _x(1.0, 2.0)
    a, _, idx = Half.apply(x)
    assert not idx.requires_grad and idx.grad_fn is None
    a.sum().backward()
    assert CALLS == [(None, None)] and x.grad.tolist() == [0.5, 0.5]  # as torch 2.13
    assert MulConstant.apply(x, 2).sum().backward() is None  # an int output: zeros, below


def test_an_int_output_is_not_differentiable_and_gets_zeros():
    class Idx(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 0.5, torch.tensor([1, 0])

        @staticmethod
        def backward(ctx, g, gi):
            CALLS.append(repr(gi))
            return g * 0.5

    a, idx = Idx.apply(_x(1.0, 2.0))
    assert not idx.requires_grad
    a.sum().backward()
    assert CALLS == ["tensor([0, 0])"]


def test_no_grad_or_no_input_requiring_grad_records_nothing():
    with torch.no_grad():
        assert MyExp.apply(_x(1.0)).grad_fn is None
    assert MyExp.apply(torch.tensor([1.0])).grad_fn is None


# the errors, word for word as PyTorch 2.13 raises them
def _fn(name, backward, inputs=1):
    def forward(ctx, *args):
        return args[0] * 2

    return type(
        name, (Function,), {"forward": staticmethod(forward), "backward": staticmethod(backward)}
    )


@pytest.mark.parametrize(
    ("fn", "args", "message"),
    [
        (_fn("A", lambda ctx, g: g), (2.0,), "function ABackward returned an incorrect number of gradients (expected 2, got 1)"),
        (_fn("B", lambda ctx, g: (g, g)), (), "function BBackward returned an incorrect number of gradients (expected 1, got 2)"),
        (_fn("C", lambda ctx, g: (g, g)), (2.0,), "function CBackward returned a gradient different than None at position 2, but the corresponding forward input was not a Variable"),
        (_fn("D", lambda ctx, g: g[:1]), (), "Function DBackward returned an invalid gradient at index 0 - got [1] but expected shape compatible with [2]"),
        (type("E", (Function,), {"forward": staticmethod(lambda ctx, x: x * 2)}), (),
         "You must implement either the backward or vjp method for your custom autograd.Function to use it with backward mode AD."),
    ],
)  # fmt: skip
def test_a_wrong_backward_gets_pytorchs_error(fn, args, message):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises((RuntimeError, NotImplementedError), match=re.escape(message)):
        fn.apply(x, *args).sum().backward()


def test_extra_none_grads_are_allowed_and_forward_must_exist():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    _fn("B2", lambda ctx, g: (g * 2, None)).apply(x).sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]
    with pytest.raises(NotImplementedError, match="You must implement the forward function"):
        Function.apply(x)


# -- gradcheck, in PyTorch's order ------------------------------------------------------------


def test_gradcheck_calls_backward_as_pytorchs_does():
    # torch 2.13: each Jacobian row twice (the reentrancy check), then two zero-gradient checks
    # (tests/parity/programs/234_custom_function_ctx.out counts 2 * 12 + 2 calls for 12 outputs)
    assert gradcheck(lambda t: MulConstant.apply(t, 3.0), (_x(1.0, 2.0, 3.0),))
    assert CALLS == [(True, False)] * 8


def test_gradcheck_reports_a_wrong_backward_as_pytorch_does():
    bad = _fn("BadSquare", lambda ctx, g: g)  # d(2x)/dx is 2, not 1
    x = _x(0.5, -1.0)
    with pytest.raises(GradcheckError) as e:
        gradcheck(bad.apply, (x,))
    assert str(e.value) == (  # torch 2.13's text
        "Jacobian mismatch for output 0 with respect to input 0,\n"
        "numerical:tensor([[2.0000, 0.0000],\n        [0.0000, 2.0000]], dtype=torch.float64)\n"
        "analytical:tensor([[1., 0.],\n        [0., 1.]], dtype=torch.float64)\n"
    )
    assert gradcheck(bad.apply, (x,), raise_exception=False) is False
    # right for each one-hot row, but not zero for a zero gradient
    not_by_grad = _fn("Offset", lambda ctx, g: g * 2 + (1 - g.sum()) * 0.5)
    with pytest.raises(GradcheckError, match=r"^backward not multiplied by grad_output$"):
        gradcheck(not_by_grad.apply, (x,))


def test_gradgradcheck_checks_the_gradient_s_own_gradient():
    torch.manual_seed(0)
    x = torch.randn(3, dtype=torch.float64, requires_grad=True)
    assert gradgradcheck(lambda t: (t**3).sum(), (x,))
    assert gradgradcheck(
        lambda t: (t.sin() * t).sum(), (x,), torch.tensor(1.5, dtype=torch.float64)
    )


@settings(max_examples=25, deadline=None)
@given(st.lists(st.floats(-3, 3), min_size=1, max_size=4))
def test_a_function_s_gradient_matches_central_differences(xs):
    class XSin(Function):  # x * sin(x), its derivative sin(x) + x cos(x) by hand
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x.sin()

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * (x.sin() + x * x.cos())

    x = _x(*xs)
    XSin.apply(x).sum().backward()
    for v, g in zip(xs, x.grad.tolist()):
        h = 1e-6
        central = ((v + h) * math.sin(v + h) - (v - h) * math.sin(v - h)) / (2 * h)
        assert g == pytest.approx(central, abs=1e-6)


def test_the_doctests_and_the_readme_s_own_op_examples_run():
    import doctest
    import importlib
    from pathlib import Path

    for name in ("_tensor.function", "core.ops", "_torch_cpu.optim_arith"):
        module = importlib.import_module(f"tinygrad_edu.{name}")
        result = doctest.testmod(
            module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
        )
        assert result.attempted > 0 and result.failed == 0, name
    text = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Your own op") : text.index("## Lessons")]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 2
    for block in blocks:
        exec(block, {})


def test_a_call_s_graph_is_freed_by_reference_counting_alone():
    import gc
    import weakref

    gc.disable()
    try:
        x = _x(1.0, 2.0)
        y = MyExp.apply(x)
        loss = (y * y).sum()
        ref = weakref.ref(y.grad_fn)
        loss.backward()
        del y, loss
        assert ref() is None  # no reference cycle keeps the ctx alive
    finally:
        gc.enable()
