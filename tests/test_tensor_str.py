"""format_tensor against PyTorch's own repr: the reference's observed outputs, and live torch."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tinygrad_edu._tensor._tensor_str import format_tensor


@dataclass(frozen=True)
class Case:
    values: list
    shape: tuple
    dtype: str = "float32"
    suffixes: tuple = ()
    expected: str | None = None  # text observed from torch 2.13 (reference §3-§5, seeds)


RG = ("requires_grad=True",)


def fn(name: str) -> tuple[str, ...]:
    return (f"grad_fn=<{name}>",)


CASES = [
    # reference §3, seeds and §4/§5 values, exactly as PyTorch printed them
    Case([1.0, 2.0, 3.0], (3,), suffixes=RG, expected="tensor([1., 2., 3.], requires_grad=True)"),
    Case([6.0], (), suffixes=fn("SumBackward0"), expected="tensor(6., grad_fn=<SumBackward0>)"),
    Case([12.0], (), suffixes=fn("MulBackward0"), expected="tensor(12., grad_fn=<MulBackward0>)"),
    Case([2.0, 2.0, 2.0], (3,), expected="tensor([2., 2., 2.])"),
    Case([2.0], (), suffixes=RG, expected="tensor(2., requires_grad=True)"),
    Case([2.0], (), expected="tensor(2.)"),
    Case([-3.0], (), expected="tensor(-3.)"),
    Case([0.0], (), expected="tensor(0.)"),
    Case([-0.0], (), expected="tensor(-0.)"),
    Case([0.1], (), expected="tensor(0.1000)"),
    Case([-0.5], (), expected="tensor(-0.5000)"),
    Case([1 / 3], (), expected="tensor(0.3333)"),
    Case([math.pi], (), expected="tensor(3.1416)"),
    Case([0.001], (), expected="tensor(0.0010)"),
    Case([1e-05], (), expected="tensor(1.0000e-05)"),
    Case([1e-04], (), expected="tensor(1.0000e-04)"),  # float32(1e-4) < 1e-4: scientific
    Case([123456.7], (), expected="tensor(123456.7031)"),  # float32 digits
    Case([1e8], (), expected="tensor(100000000.)"),
    Case([1e10], (), expected="tensor(1.0000e+10)"),
    Case([math.nan], (), expected="tensor(nan)"),
    Case([math.inf], (), expected="tensor(inf)"),
    Case([-math.inf], (), expected="tensor(-inf)"),
    Case([math.nan], (), suffixes=RG, expected="tensor(nan, requires_grad=True)"),
    Case([0.5, -1.0, 2.0], (3,), expected="tensor([ 0.5000, -1.0000,  2.0000])"),
    Case([-1.0, 2.0, -3.0], (3,), expected="tensor([-1.,  2., -3.])"),
    Case([1.0, 10.0, 100.0], (3,), expected="tensor([  1.,  10., 100.])"),
    Case([1e-05, 1.0, 2.0], (3,), expected="tensor([1.0000e-05, 1.0000e+00, 2.0000e+00])"),
    Case([123456.7, 1.0], (2,), expected="tensor([1.2346e+05, 1.0000e+00])"),
    Case([1.0, math.nan, math.inf, -math.inf], (4,), expected="tensor([1., nan, inf, -inf])"),
    Case([1.5, math.nan], (2,), expected="tensor([1.5000,    nan])"),
    Case([], (0,), expected="tensor([])"),
    Case([], (0,), suffixes=RG, expected="tensor([], requires_grad=True)"),
    Case([3], (), "int64", expected="tensor(3)"),
    Case([1, 2, 3], (3,), "int64", expected="tensor([1, 2, 3])"),
    Case([True, False], (2,), "bool", expected="tensor([ True, False])"),
    Case([1.5], (), "float64", expected="tensor(1.5000, dtype=torch.float64)"),
    Case(
        [1.0, 2.0, 3.0],
        (3,),
        "float64",
        fn("ToCopyBackward0"),
        "tensor([1., 2., 3.], dtype=torch.float64, grad_fn=<ToCopyBackward0>)",
    ),
    Case(
        [1.0, 2.0, 3.0, 4.0],
        (2, 2),
        suffixes=RG,
        expected="tensor([[1., 2.],\n        [3., 4.]], requires_grad=True)",
    ),
    Case(
        [2.0, 4.0, 6.0, 8.0],
        (2, 2),
        suffixes=fn("MulBackward0"),
        expected="tensor([[2., 4.],\n        [6., 8.]], grad_fn=<MulBackward0>)",
    ),
    Case(
        [i * 1.5 for i in range(12)],
        (12,),
        expected="tensor([ 0.0000,  1.5000,  3.0000,  4.5000,  6.0000,  7.5000,  9.0000, 10.5000,\n"
        "        12.0000, 13.5000, 15.0000, 16.5000])",
    ),
    Case(
        [float(i) for i in range(1001)],
        (1001,),
        expected="tensor([   0.,    1.,    2.,  ...,  998.,  999., 1000.])",
    ),
    Case([0.1**3 * 30], (), expected="tensor(0.0300)"),  # d/dx x³ at 0.1
    Case([2**-23], (), expected="tensor(1.1921e-07)"),  # float32 tanh'(9): 1 - 0.99999994²
    Case([math.exp(88)], (), expected="tensor(1.6516e+38)"),
    # no reference text: checked against live torch only
    Case([1e39, -1e39, 1e-50], (3,)),  # float32 overflow and underflow
    Case([-0.0, 1.5], (2,)),
    Case([0.0, math.nan], (2,)),
    Case([1e-45, 3e38], (2,)),
    Case([1 + 1e-9, 2.0], (2,)),  # integral once rounded to float32
    Case([0.00005, 1.0], (2,)),
    Case([1 - math.tanh(5) ** 2], ()),  # reference §5 lists 1.8155e-04; the repr says 0.0002
    Case([0.1 * i for i in range(20)], (4, 5), suffixes=fn("MulBackward0")),
    Case([float(i) for i in range(24)], (2, 3, 4)),
    Case([float(i) for i in range(7)], (7, 1)),
    Case([], (2, 0)),
    Case([], (0,), "int64"),
    Case([], (0, 3), "bool"),
    Case([], (0,), "float64"),
    Case([10**12, -5, 0], (3,), "int64"),
    Case([True] * 30, (3, 10), "bool"),
    Case([i * 0.37 - 100 for i in range(1200)], (1200,), suffixes=RG),
    Case([i * 0.37 - 100 for i in range(1200)], (40, 30)),
    Case([float(i) for i in range(2000)], (2, 1000), "float64"),
    Case([i % 7 for i in range(1500)], (500, 3), "int64"),
    Case([1.5] * 15, (15,), suffixes=fn("MulBackward0")),  # suffix that must start a new line
    Case([1.5] * 16, (16,), "float64", fn("MulBackward0")),
    Case([1.5] * 8, (8,), "float64", fn("MulBackward0")),
]

IDS = [c.expected or f"{c.dtype}{list(c.shape)}:{c.values[:3]}" for c in CASES]


def fmt(case: Case) -> str:
    return format_tensor(case.values, case.shape, dtype=case.dtype, suffixes=case.suffixes)


@pytest.mark.parametrize(
    "case", [c for c in CASES if c.expected], ids=[i for c, i in zip(CASES, IDS) if c.expected]
)
def test_matches_pytorch_reference_output(case):
    assert fmt(case) == case.expected


def test_rejects_unknown_dtype_and_wrong_length():
    with pytest.raises(ValueError, match="unsupported dtype"):
        format_tensor([1.0], (), dtype="complex64")
    with pytest.raises(ValueError, match="do not fill shape"):
        format_tensor([1.0, 2.0], (3,))


# -- parity: the same tensor made by torch ----------------------------------------------------


def torch_tensor(torch, values, shape, dtype="float32", suffixes=()):
    """A torch tensor with these values whose repr should carry these suffixes."""
    dt = {"float32": torch.float32, "float64": torch.float64, "int64": torch.int64}
    dt["bool"] = torch.bool
    base = "float32" if "grad_fn=<ToCopyBackward0>" in suffixes else dtype
    t = torch.tensor(list(values), dtype=dt[base]).reshape(shape)
    for suffix in suffixes:
        if suffix == "requires_grad=True":
            t.requires_grad_()
        elif suffix == "grad_fn=<ToCopyBackward0>":
            t = t.requires_grad_().to(dt[dtype])
        elif suffix == "grad_fn=<MulBackward0>":
            t = t.requires_grad_() * 1
        elif suffix == "grad_fn=<SumBackward0>":  # 0-d only: the sum of a 0-d tensor is itself
            t = t.requires_grad_().sum()
        else:
            raise AssertionError(suffix)
    return t


@pytest.mark.parity
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_matches_live_pytorch(case):
    torch = pytest.importorskip("torch")
    t = torch_tensor(torch, case.values, case.shape, case.dtype, case.suffixes)
    assert fmt(case) == repr(t)


finite64 = st.floats(allow_nan=False, allow_infinity=False)
any64 = st.floats(allow_nan=True, allow_infinity=True)
small = st.floats(min_value=-1e4, max_value=1e4, allow_nan=False)
integral = st.integers(-(10**6), 10**6).map(float)
float_lists = st.one_of(
    st.lists(any64, max_size=30),
    st.lists(finite64, max_size=30),
    st.lists(small, max_size=30),
    st.lists(st.one_of(integral, st.sampled_from([0.0, -0.0, math.nan, math.inf])), max_size=30),
    st.lists(st.floats(width=32, allow_nan=False), max_size=30),
)


def shapes_for(n: int):
    shapes = [(n,)] + [(r, n // r) for r in range(2, n) if n % r == 0]
    return st.sampled_from(shapes + ([()] if n == 1 else []))


@pytest.mark.parity
@settings(max_examples=300, deadline=None)
@given(data=st.data(), values=float_lists, dtype=st.sampled_from(["float32", "float64"]))
def test_float_values_match_pytorch(data, values, dtype):
    torch = pytest.importorskip("torch")
    shape = data.draw(shapes_for(len(values)))
    suffixes = data.draw(st.sampled_from([(), RG, fn("MulBackward0")]))
    expected = repr(torch_tensor(torch, values, shape, dtype, suffixes))
    assert format_tensor(values, shape, dtype=dtype, suffixes=suffixes) == expected


@pytest.mark.parity
@settings(max_examples=150, deadline=None)
@given(
    data=st.data(),
    values=st.one_of(
        st.lists(st.integers(-(2**63), 2**63 - 1), max_size=30).map(lambda v: ("int64", v)),
        st.lists(st.integers(-20, 20), max_size=30).map(lambda v: ("int64", v)),
        st.lists(st.booleans(), max_size=30).map(lambda v: ("bool", v)),
    ),
)
def test_int_and_bool_values_match_pytorch(data, values):
    torch = pytest.importorskip("torch")
    dtype, vals = values
    shape = data.draw(shapes_for(len(vals)))
    assert format_tensor(vals, shape, dtype=dtype) == repr(torch_tensor(torch, vals, shape, dtype))
