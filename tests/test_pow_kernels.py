"""``pow`` bit for bit with PyTorch's: in float32 Sleef's ``powf8_u10`` on the vector blocks
and ``std::pow`` in double in the tail, in float64 Sleef's ``powd4_u10`` on blocks of 8 and C's
``pow`` after them; on IEEE edges, negative bases, subnormal results and exponents that are not
floats (stored by tests/data/make_pow_cases.py)."""

import json
import struct
from pathlib import Path

import pytest

import tinygrad_edu as torch
from tinygrad_edu._torch_cpu.float32_libm import powf_sleef
from tinygrad_edu._torch_cpu.float64_libm import powd_sleef

CASES = json.loads((Path(__file__).parent / "data" / "pow_cases.json").read_text())


def _floats(h: str) -> list[float]:
    return list(struct.unpack(f"<{len(h) // 8}f", bytes.fromhex(h)))


def _same(a: float, b: float) -> bool:
    return (a != a and b != b) or (a == b and struct.pack("<f", a) == struct.pack("<f", b))


def test_sleefs_powf_on_edges_and_subnormals():
    xs, ys, want = (_floats(CASES[k]) for k in ("x", "y", "pow"))
    n = len(xs) - len(xs) % 16  # what PyTorch's vector blocks computed
    bad = [(x, y, w) for x, y, w in zip(xs[:n], ys[:n], want[:n]) if not _same(powf_sleef(x, y), w)]
    assert bad == []


def test_tensor_pow_as_pytorchs_blocks_and_tail():
    xs, ys, want = (_floats(CASES[k]) for k in ("x", "y", "pow"))
    got = torch.pow(torch.tensor(xs), torch.tensor(ys)).tolist()
    assert [i for i, (g, w) in enumerate(zip(got, want)) if not _same(g, w)] == []


@pytest.mark.parametrize("exponent", sorted(CASES["scalar"]))
def test_python_exponent_is_a_float_in_the_blocks_and_a_double_in_the_tail(exponent):
    base = torch.tensor(_floats(CASES["base"]))
    want = _floats(CASES["scalar"][exponent])
    got = base.pow(float(exponent)).tolist()
    assert [i for i, (g, w) in enumerate(zip(got, want)) if not _same(g, w)] == []
    got = (base[995:] ** float(exponent)).tolist()  # 5 elements: the scalar tail alone
    assert [i for i, (g, w) in enumerate(zip(got, want[995:])) if not _same(g, w)] == []


def _doubles(h: str) -> list[float]:
    return list(struct.unpack(f"<{len(h) // 16}d", bytes.fromhex(h)))


def _same64(a: float, b: float) -> bool:
    return (a != a and b != b) or (a == b and struct.pack("<d", a) == struct.pack("<d", b))


def test_sleefs_double_pow_on_edges():
    xs, ys, want = (_doubles(CASES[k]) for k in ("x64", "y64", "pow64"))
    n = len(xs) - len(xs) % 8
    bad = [(x, y) for x, y, w in zip(xs[:n], ys[:n], want[:n]) if not _same64(powd_sleef(x, y), w)]
    assert bad == []


def test_float64_tensor_pow_as_pytorchs_blocks_and_tail():
    xs, ys, want = (_doubles(CASES[k]) for k in ("x64", "y64", "pow64"))
    got = torch.pow(torch.tensor(xs, dtype=torch.float64), torch.tensor(ys, dtype=torch.float64))
    assert [i for i, (g, w) in enumerate(zip(got.tolist(), want)) if not _same64(g, w)] == []


@pytest.mark.parametrize("exponent", sorted(CASES["scalar64"]))
def test_float64_python_exponent(exponent):
    base = torch.tensor(_doubles(CASES["base64"]), dtype=torch.float64, requires_grad=True)
    want = _doubles(CASES["scalar64"][exponent])
    got = (base ** float(exponent)).tolist()
    assert [i for i, (g, w) in enumerate(zip(got, want)) if not _same64(g, w)] == []
