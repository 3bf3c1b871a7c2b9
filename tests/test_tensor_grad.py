"""Tensor gradients (first and second order) against central differences, with hypothesis.

In float64, as PyTorch's gradcheck asks: a float32 tensor rounds every result to float32,
where central differences over 1e-6 mean nothing.
"""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch

EPS = 1e-6
F64 = torch.float64

floats = st.floats(-2.0, 2.0, allow_nan=False).filter(lambda v: abs(v) > 0.05)
shapes = st.sampled_from([(), (3,), (2, 3)])

UNARY = {
    "exp": lambda t: t.exp(),
    "tanh": lambda t: t.tanh(),
    "sigmoid": lambda t: torch.sigmoid(t),
    "sin": lambda t: t.sin(),
    "cos": lambda t: torch.cos(t),
    "cube": lambda t: t**3,
    "log_abs": lambda t: t.abs().log(),
    "sqrt_sq": lambda t: (t * t + 1).sqrt(),
    "recip": lambda t: 1 / (t * t + 1),
    "rsub": lambda t: 1 - t * 2,
    "rpow": lambda t: 2**t,
}
BINARY = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": lambda a, b: a / (b * b + 1),
    "pow": lambda a, b: (a * a + 1) ** b,
}


def data_of(shape, draw):
    n = math.prod(shape)
    flat = draw(st.lists(floats, min_size=n, max_size=n))
    if not shape:
        return flat[0]
    if len(shape) == 1:
        return flat
    return [flat[i * shape[1] : (i + 1) * shape[1]] for i in range(shape[0])]


def numeric(fn, tensors, k):
    """Central differences of fn(*tensors) (a 0-d tensor) for each element of tensors[k]."""
    t = tensors[k]
    out = []
    for v in t._values:
        old = v.data
        v.data = old + EPS  # with grad on: fn may itself differentiate
        hi = fn(*tensors)._values[0].data
        v.data = old - EPS
        lo = fn(*tensors)._values[0].data
        v.data = old
        out.append((hi - lo) / (2 * EPS))
    return out


def close(analytical, numerical):
    return all(
        math.isclose(a, n, rel_tol=1e-4, abs_tol=1e-5) for a, n in zip(analytical, numerical)
    )


def flat(t):
    return [v.data for v in t._values]


@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from(sorted(UNARY)), shapes)
def test_unary_gradients(data, name, shape):
    x = torch.tensor(data_of(shape, data.draw), dtype=F64, requires_grad=True)
    fn = lambda t: UNARY[name](t).sum()
    fn(x).backward()
    assert close(flat(x.grad), numeric(fn, [x], 0))


@settings(max_examples=60, deadline=None)
@given(
    st.data(),
    st.sampled_from(sorted(BINARY)),
    st.sampled_from([((2, 3), (3,)), ((2, 3), ()), ((3,), (3,)), ((2, 1), (3,))]),
)
def test_binary_gradients_with_broadcasting(data, name, shapes_ab):
    a = torch.tensor(data_of(shapes_ab[0], data.draw), dtype=F64, requires_grad=True)
    b = torch.tensor(data_of(shapes_ab[1], data.draw), dtype=F64, requires_grad=True)
    fn = lambda a, b: BINARY[name](a, b).sum()
    fn(a, b).backward()
    assert close(flat(a.grad), numeric(fn, [a, b], 0))
    assert close(flat(b.grad), numeric(fn, [a, b], 1))


@settings(max_examples=40, deadline=None)
@given(st.data(), st.sampled_from([((3,), (3,)), ((2, 3), (3,)), ((2, 3), (3, 2)), ((3,), (3, 2))]))
def test_matmul_gradients(data, shapes_ab):
    a = torch.tensor(data_of(shapes_ab[0], data.draw), dtype=F64, requires_grad=True)
    b = torch.tensor(data_of(shapes_ab[1], data.draw), dtype=F64, requires_grad=True)
    fn = lambda a, b: (a @ b).tanh().sum()
    fn(a, b).backward()
    assert close(flat(a.grad), numeric(fn, [a, b], 0))
    assert close(flat(b.grad), numeric(fn, [a, b], 1))


@settings(max_examples=40, deadline=None)
@given(st.data(), shapes)
def test_reductions_and_indexing_gradients(data, shape):
    x = torch.tensor(data_of(shape, data.draw), dtype=F64, requires_grad=True)

    def fn(t):
        if not t.shape:
            return (t * t.mean()).sum()
        first = t[0] if len(t.shape) == 1 else t[0, 1]
        parts = [t.mean(0).sum(), (t * first).sum(), torch.stack([t, t * 2]).mean()]
        return parts[0] + parts[1] * parts[2]

    fn(x).backward()
    assert close(flat(x.grad), numeric(fn, [x], 0))


CURVED = sorted(set(UNARY) - {"rsub"})  # a linear function's gradient is a constant, not a graph


@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from(CURVED), shapes)
def test_second_derivatives_with_create_graph(data, name, shape):
    x = torch.tensor(data_of(shape, data.draw), dtype=F64, requires_grad=True)

    def first(t):
        (g,) = torch.autograd.grad(UNARY[name](t).sum(), t, create_graph=True)
        return g.sum()

    (h,) = torch.autograd.grad(first(x), x)
    # d/dx_i of sum_j d f/dx_j = f''(x_i): compare with central differences of the first derivative
    assert close(flat(h), numeric(first, [x], 0))


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_hessian_vector_product_of_a_two_input_function(data):
    a = torch.tensor(data_of((3,), data.draw), dtype=F64, requires_grad=True)
    b = torch.tensor(data_of((3,), data.draw), dtype=F64, requires_grad=True)
    f = lambda a, b: (a * b).tanh().sum() + (a @ b) ** 2

    def dfa(a, b):
        (g,) = torch.autograd.grad(f(a, b), a, create_graph=True)
        return (g * torch.tensor([1.0, -1.0, 0.5], dtype=F64)).sum()

    ga, gb = torch.autograd.grad(dfa(a, b), [a, b])
    assert close(flat(ga), numeric(dfa, [a, b], 0))
    assert close(flat(gb), numeric(dfa, [a, b], 1))
