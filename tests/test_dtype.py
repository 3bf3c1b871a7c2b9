"""The narrow dtypes (float16, bfloat16, int32, int16, int8, uint8): what an element holds,
promotion between them, and the conversions, against values PyTorch 2.13 printed."""

import math
from itertools import combinations

import pytest

import tinygrad_edu as torch
from tinygrad_edu._tensor.dtype import promote_types, store

ORDER = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
         "float64"]  # fmt: skip

# torch.promote_types(a, b) for every pair, as PyTorch 2.13 answers
PROMOTED = {
    ("uint8", "int8"): "int16", ("uint8", "int16"): "int16", ("uint8", "int32"): "int32",
    ("uint8", "int64"): "int64", ("int8", "int16"): "int16", ("int8", "int32"): "int32",
    ("int8", "int64"): "int64", ("int16", "int32"): "int32", ("int16", "int64"): "int64",
    ("int32", "int64"): "int64", ("float16", "bfloat16"): "float32",
    ("float16", "float32"): "float32", ("float16", "float64"): "float64",
    ("bfloat16", "float32"): "float32", ("bfloat16", "float64"): "float64",
    ("float32", "float64"): "float64",
}  # fmt: skip


@pytest.mark.parametrize(("a", "b"), list(combinations(ORDER, 2)))
def test_promote_types_is_pytorchs_table(a, b):
    # a lower kind (bool < int < float) always gives way; within a kind, the table above
    want = PROMOTED.get((a, b), b)
    da, db = getattr(torch, a), getattr(torch, b)
    assert promote_types(da, db) is getattr(torch, want)
    assert torch.promote_types(db, da) is getattr(torch, want)


NAN, INF = math.nan, math.inf
SOURCE = [NAN, INF, -INF, -3.7, 300.5, 1e10]
# torch.tensor(SOURCE).to(dtype).tolist() under PyTorch 2.13 (x86)
CONVERTED = {
    "int64": [-(2**63)] * 3 + [-3, 300, 10000000000],
    "int32": [-(2**31)] * 3 + [-3, 300, -(2**31)],
    "int16": [0, 0, 0, -3, 300, 0],
    "int8": [0, 0, 0, -3, 44, 0],
    "uint8": [0, 0, 0, 253, 44, 0],
    "bool": [True] * 6,
    "float16": [NAN, INF, -INF, -3.69921875, 300.5, INF],
    "bfloat16": [NAN, INF, -INF, -3.703125, 300.0, 9999220736.0],
}


@pytest.mark.parametrize("name", list(CONVERTED))
def test_conversion_from_float32_is_pytorchs(name):
    got = torch.tensor(SOURCE).to(getattr(torch, name)).tolist()
    for g, w in zip(got, CONVERTED[name], strict=True):
        assert (g != g and w != w) or (g == w and type(g) is type(w))


def test_narrow_types_round_and_wrap_their_arithmetic():
    assert (torch.tensor([200], dtype=torch.uint8) + 100).tolist() == [44]
    assert (torch.tensor([2**31 - 1], dtype=torch.int32) + 1).tolist() == [-(2**31)]
    assert torch.tensor([70000.0]).half().tolist() == [INF]
    assert store(torch.bfloat16, 1 / 3) == 0.333984375
    r = torch.tensor([1, 2], dtype=torch.int8) + torch.tensor([1], dtype=torch.uint8)
    assert r.dtype is torch.int16 and r.tolist() == [2, 3]
    assert (torch.tensor([True, False]) + torch.tensor([True, True])).tolist() == [True, True]


def test_type_names_element_sizes_and_reprs():
    i = torch.tensor([1, 2], dtype=torch.int32)
    assert (i.type(), i.element_size(), torch.tensor([1.0]).half().type()) == (
        "torch.IntTensor", 4, "torch.HalfTensor")  # fmt: skip
    assert torch.tensor([1], dtype=torch.uint8).type() == "torch.ByteTensor"
    assert repr(torch.zeros(2, dtype=torch.int32)) == "tensor([0, 0], dtype=torch.int32)"
    assert repr(torch.tensor([1 / 3]).bfloat16()) == "tensor([0.3340], dtype=torch.bfloat16)"
    assert torch.int is torch.int32 and torch.half is torch.float16
    assert (torch.float16.itemsize, torch.uint8.is_signed, torch.int8.is_signed) == (2, False, True)


def test_scalars_and_zero_dim_tensors_count_only_from_a_higher_kind():
    # what PyTorch 2.13 gives for tensor(1, dtype=d) + 5.5 and tensor([1], dtype=d) + tensor(2)
    floats = {"float16", "bfloat16", "float64"}
    for name in ORDER:
        d = getattr(torch, name)
        assert (torch.tensor(1, dtype=d) + 5.5).dtype is (d if name in floats else torch.float32)
        r = torch.tensor([1], dtype=d) + torch.tensor(2)
        assert r.dtype is (torch.int64 if name == "bool" else d)
