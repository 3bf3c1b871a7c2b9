"""The float32 kernels against PyTorch's bits: stored cases (no torch needed) and live torch.

``tests/data/float32_cases.json.gz`` holds torch's results for every kernel of
``tests/float32_table.py`` on seeded inputs of the sizes where PyTorch's order of operations
changes (vector width 8, blocks of 16 and 32, the cascade's levels); ``tests/regen_float32.py``
rebuilds it. Exact kernels must give the same float32 bits; the others (MKL's and Sleef's
transcendental functions, MKL's BLAS) at most 1 ulp away, and equal bits nearly always.
"""

from __future__ import annotations

import gzip
import json
import math
import struct
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

import float32_table as table

from tinygrad_edu._torch_cpu import float32_libm as lm
from tinygrad_edu._torch_cpu import float32_pointwise as pw
from tinygrad_edu._torch_cpu import float32_reduce as rd

DATA = Path(__file__).resolve().parent / "data" / "float32_cases.json.gz"
# Among the inexact kernels' results, at least this share must still be bit for bit.
MIN_EXACT_SHARE = 0.9


def unpack(h: str) -> list[float]:
    return list(struct.unpack(f"<{len(h) // 8}f", bytes.fromhex(h)))


def ordered(x: float) -> int:
    """float32 bits mapped to integers in the order of the values (ulp distance = difference)."""
    (b,) = struct.unpack("<I", struct.pack("<f", x))
    return b if b < 0x80000000 else 0x80000000 - b


def ulps(a: float, b: float) -> float:
    if a != a or b != b:
        return 0.0 if a != a and b != b else math.inf
    if math.isinf(a) or math.isinf(b):
        return 0.0 if a == b else math.inf
    return abs(ordered(a) - ordered(b))


def same_bits(a: float, b: float) -> bool:
    return a.hex() == b.hex()  # nan.hex() is "nan" whatever its sign and payload


@pytest.fixture(scope="module")
def stored():
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        data = json.load(f)
    inputs = {int(n): {k: unpack(v) for k, v in sets.items()} for n, sets in data["inputs"].items()}
    return data, inputs


def compare(name: str, ours: list[float], theirs: list[float]) -> tuple[int, int]:
    """(results, results with other bits); fails on a wrong length or an unallowed difference."""
    assert len(ours) == len(theirs), name
    exact = table.KERNELS[name][3]
    differ = 0
    for i, (a, b) in enumerate(zip(ours, theirs)):
        if same_bits(a, b):
            continue
        differ += 1
        assert not exact, f"{name}[{i}]: ours {a.hex()} torch {b.hex()}"
        allowed = table.ULPS.get(name, 1)
        assert ulps(a, b) <= allowed, (
            f"{name}[{i}]: ours {a.hex()} torch {b.hex()} ({ulps(a, b)} ulp)"
        )
    return len(ours), differ


@pytest.mark.parametrize("name", sorted(table.KERNELS))
def test_kernel_matches_stored_torch_bits(stored, name):
    data, inputs = stored
    keys, ours, _theirs, exact = table.KERNELS[name]
    assert data["cases"][name], f"no stored cases for {name}: run tests/regen_float32.py"
    total = differ = 0
    for n, bits in data["cases"][name].items():
        got = ours(*[inputs[int(n)][k] for k in keys])
        t, d = compare(name, [float(v) for v in got], unpack(bits))
        total, differ = total + t, differ + d
    if not exact:
        share = table.MIN_SHARE.get(name, MIN_EXACT_SHARE)
        assert differ <= (1 - share) * total, f"{name}: {differ} of {total} differ"


def test_stored_cases_cover_every_size_and_kernel(stored):
    data, _ = stored
    assert sorted(int(n) for n in data["inputs"]) == table.SIZES
    assert set(table.DERIVED) <= set(data["inputs"]["1"])
    assert set(data["cases"]) == set(table.KERNELS)
    assert "10000" in data["cases"]["sum"] and "1" in data["cases"]["sum"]


# round32, fma32 and sqrt against exact rational arithmetic


def from_ordered(k: int) -> float:
    b = k if k >= 0 else 0x80000000 - k
    return struct.unpack("<f", struct.pack("<I", b))[0]


def nearest32(v: Fraction) -> float:
    """The float32 nearest to v (ties to even), by exact comparison with its neighbours;
    inf past the midpoint above the largest float32."""
    top = Fraction(struct.unpack("<f", struct.pack("<I", 0x7F7FFFFF))[0])
    if abs(v) >= top + Fraction(2) ** 103:  # half an ulp (2**104) above FLT_MAX
        return math.copysign(math.inf, v)
    near = struct.unpack("<f", struct.pack("<f", max(min(float(v), float(top)), -float(top))))[0]
    k = ordered(near)
    cands = [from_ordered(k + d) for d in (-1, 0, 1) if abs(k + d) <= 0x7F7FFFFF]

    def key(c: float) -> tuple[Fraction, int]:
        return abs(Fraction(c) - v), struct.unpack("<I", struct.pack("<f", c))[0] & 1

    return min(cands, key=key)


float32s = st.floats(width=32, allow_nan=False, allow_infinity=False)
small_doubles = st.floats(min_value=-3e38, max_value=3e38, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(small_doubles)
def test_round32_is_round_to_nearest_even(x):
    assert lm.round32([x]) == [nearest32(Fraction(x))] == [lm.f32(x)]


def test_round32_edges():
    tiny = 2.0**-149
    assert lm.round32([tiny / 2, tiny * 0.75, -tiny / 2, 1e39, -1e39, -0.0]) == [
        0.0,
        tiny,
        -0.0,
        math.inf,
        -math.inf,
        -0.0,
    ]
    assert math.copysign(1.0, lm.round32([-tiny / 2])[0]) == -1.0
    assert math.isnan(lm.f32(math.nan))


@settings(max_examples=500, deadline=None)
@given(float32s, float32s, float32s)
def test_fma32_rounds_once(a, b, c):
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    want = nearest32(exact) if abs(exact) < Fraction(3.4028235e38) else None
    if want is not None:
        assert lm.fma32(a, b, c) == want


def test_fma32_on_a_double_rounding_midpoint():
    # 1 + 2**-24 is a float32 midpoint; the extra 2**-60 must round it up, not to even
    a, b, c = 1.0 + 2**-12, 1.0 + 2**-12, -(2**-11) + 2**-24 + 2**-40
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    assert lm.fma32(a, b, c) == nearest32(exact)


@settings(max_examples=500, deadline=None)
@given(st.floats(width=32, min_value=0.0, allow_nan=False, allow_infinity=False))
def test_sqrt_of_the_double_rounded_to_float32_is_the_correctly_rounded_float32_sqrt(x):
    """Proof by exact squares: r is the nearest float32 to sqrt(x) iff x lies between the
    squares of the midpoints to r's neighbours (a float32 sqrt is never a midpoint)."""
    (r,) = pw.sqrt([x])
    k = ordered(r)
    lo = (Fraction(r) + Fraction(from_ordered(k - 1))) / 2 if r > 0 else Fraction(0)
    hi = (Fraction(r) + Fraction(from_ordered(k + 1))) / 2
    assert lo * lo <= Fraction(x) <= hi * hi


def test_sigmoid_depends_on_the_position_in_the_tensor():
    """The same value in a vector block (Sleef's expf) and in the scalar tail (glibc's expf):
    x = -2.231437921524048 is a value where they give different float32 results."""
    x = lm.f32(-2.231437921524048)
    assert lm.expf_sleef(2.231437921524048) != lm.f32(math.exp(lm.f32(2.231437921524048)))
    out = pw.sigmoid([x] * 17)
    assert out[:16] == [out[0]] * 16 and out[16] != out[0]


def test_sum_order_is_not_left_to_right():
    xs = lm.round32([1.0] + [2.0**-24] * 40)
    left = 1.0
    for v in xs[1:]:
        left = lm.f32(left + v)
    assert left == 1.0 and rd.sum(xs) > 1.0  # the small ones meet each other first


# live PyTorch, with hypothesis choosing the values


awkward = st.one_of(
    st.floats(width=32, min_value=-4.0, max_value=4.0),
    st.floats(width=32, allow_nan=True, allow_infinity=True),
    st.sampled_from(table.SPECIALS),
)


def lists(size: int, elements=awkward):
    return st.lists(elements, min_size=size, max_size=size)


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


PARITY_SIZES = [n for n in table.SIZES if n <= 100]
LIVE = [
    "add_special",
    "mul",
    "div",
    "relu",
    "clamp",
    "sigmoid_special",
    "silu",
    "pow2",
    "pow-2",
    "exp_special",
    "sum_special",
    "sum",
    "mean",
    "prod",
    "max",
    "cumsum",
    "softmax",
    "tanh_backward",
    "sigmoid_backward",
    "div_backward",
    "log_softmax_backward",
    "norm",
    "var",
    "sum_cols",
    "sum_rows",
]


@pytest.mark.parity
@pytest.mark.parametrize("name", LIVE)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_kernel_matches_live_torch(torch, name, data):
    keys, ours, theirs, _exact = table.KERNELS[name]
    n = data.draw(st.sampled_from([n for n in PARITY_SIZES if n >= table.MIN_SIZE.get(name, 1)]))
    smooth = st.floats(width=32, min_value=-4.0, max_value=4.0)
    # the special values where the kernel takes them (the "s" inputs), smooth values elsewhere
    args = [lm.round32(data.draw(lists(n, awkward if k in ("s", "x") else smooth))) for k in keys]
    if "softmax" in name or name in ("norm", "var", "sum_cols", "sum_rows"):
        if name == "norm":
            # squares that underflow: below 8 elements PyTorch's norm scales them (not modelled)
            smooth = smooth.filter(lambda v: v == 0.0 or abs(v) > 1e-15)
        args = [lm.round32(data.draw(lists(n, smooth))) for _ in keys]
    compare(name, [float(v) for v in ours(*args)], [float(v) for v in theirs(torch, *args)])


@pytest.mark.parity
def test_stored_cases_are_what_this_torch_computes(torch, stored):
    """The stored bits still come out of the installed torch (else: regenerate them)."""
    data, inputs = stored
    assert data["torch"] == torch.__version__
    for name in ("sum", "sigmoid", "softmax", "tanh_backward", "cumsum"):
        keys, _ours, theirs, _ = table.KERNELS[name]
        for n in (1, 17, 1000):
            got = [float(v) for v in theirs(torch, *[inputs[n][k] for k in keys])]
            assert [v.hex() for v in got] == [v.hex() for v in unpack(data["cases"][name][str(n)])]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(float32s, float32s, float32s), min_size=1, max_size=20))
def test_fma32_list_is_fma32_elementwise(triples):
    a, b, c = (list(t) for t in zip(*triples))
    assert [v.hex() for v in lm.fma32_list(a, b, c)] == [lm.fma32(*t).hex() for t in triples]


@settings(max_examples=200, deadline=None)
@given(st.lists(awkward, min_size=1, max_size=40))
def test_exp_sleef_list_is_expf_sleef_elementwise(xs):
    xs = lm.round32(xs)
    assert [v.hex() for v in lm.exp_sleef(xs)] == [lm.expf_sleef(x).hex() for x in xs]
