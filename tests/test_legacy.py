"""The older spellings: legacy tensor types, Variable, inference_mode."""

from __future__ import annotations

import threading

import pytest

import tinygrad_edu as torch
from tinygrad_edu.autograd import Variable


@pytest.mark.parametrize(
    ("cls", "dtype"),
    [
        (torch.FloatTensor, torch.float32),
        (torch.DoubleTensor, torch.float64),
        (torch.LongTensor, torch.int64),
        (torch.BoolTensor, torch.bool),
        (torch.IntTensor, torch.int32),
        (torch.ShortTensor, torch.int16),
        (torch.CharTensor, torch.int8),
        (torch.ByteTensor, torch.uint8),
        (torch.HalfTensor, torch.float16),
        (torch.BFloat16Tensor, torch.bfloat16),
    ],
)
def test_legacy_types_make_tensors_of_their_dtype_and_check_it(cls, dtype):
    t = cls([1, 0])
    assert t.dtype is dtype and t.tolist() == torch.tensor([1, 0], dtype=dtype).tolist()
    assert cls(2, 3).shape == (2, 3) and cls().shape == (0,)
    assert isinstance(t, cls)
    others = [c for c in (torch.FloatTensor, torch.LongTensor) if c is not cls]
    assert not any(isinstance(t, c) for c in others)


def test_variable_is_a_new_leaf_with_the_same_numbers():
    t = torch.tensor([1.0, 2.0])
    v = Variable(t, requires_grad=True)
    assert v is not t and v.is_leaf and v.requires_grad and not t.requires_grad
    assert v.tolist() == t.tolist() and isinstance(t, Variable)
    assert not Variable(t).requires_grad


def test_inference_mode_records_nothing_and_false_records():
    x = torch.ones(2, requires_grad=True)
    with torch.inference_mode():
        assert torch.is_inference_mode_enabled()
        assert (x * 2).grad_fn is None
    assert not torch.is_inference_mode_enabled() and torch.is_grad_enabled()
    with torch.no_grad(), torch.inference_mode(False):
        assert (x * 2).grad_fn is not None

    @torch.inference_mode()
    def evaluate(t):
        return t * 2

    assert evaluate(x).grad_fn is None and torch.is_grad_enabled()


def test_inference_mode_is_per_thread():
    seen = []
    with torch.inference_mode():
        worker = threading.Thread(target=lambda: seen.append(torch.is_inference_mode_enabled()))
        worker.start()
        worker.join()
    assert seen == [False]


def test_the_tensor_class_as_a_legacy_constructor():
    assert torch.Tensor(2, 3).shape == (2, 3) and torch.Tensor(torch.Size([4])).shape == (4,)
    t = torch.Tensor([[1, 2]])
    assert t.dtype is torch.float32 and t.tolist() == [[1.0, 2.0]]
    assert torch.Tensor((0.5,)).tolist() == [0.5] and torch.Tensor().shape == (0,)


def test_type_with_a_legacy_type_converts_to_its_dtype():
    x = torch.tensor([1.5, -2.5])
    assert x.type(torch.LongTensor).tolist() == [1, -2]
    assert x.type(torch.DoubleTensor).dtype is torch.float64
    assert x.type(torch.FloatTensor).dtype is torch.float32


LEGACY = ["IntTensor", "ShortTensor", "CharTensor", "ByteTensor", "HalfTensor", "BFloat16Tensor"]


def test_the_narrower_legacy_types_convert_as_pytorch():
    # the values PyTorch 2.13 prints for these (truncation toward zero; float16/bfloat16 rounding)
    assert torch.IntTensor([1.7, -2.5, 3]).tolist() == [1, -2, 3]
    assert torch.CharTensor([1.7, -2.5]).tolist() == [1, -2]
    assert str(torch.HalfTensor([1.7, -2.5, 3])) == (
        "tensor([ 1.7002, -2.5000,  3.0000], dtype=torch.float16)"
    )
    assert str(torch.BFloat16Tensor([1.7, -2.5, 3])) == (
        "tensor([ 1.7031, -2.5000,  3.0000], dtype=torch.bfloat16)"
    )
    assert str(torch.ByteTensor([1.7, 2.5, 200])) == "tensor([  1,   2, 200], dtype=torch.uint8)"
    with pytest.raises(RuntimeError, match="cannot be converted to type uint8 without overflow"):
        torch.ByteTensor([-1, 256])
    assert repr(torch.IntTensor) == "<class 'torch.IntTensor'>"
    assert torch.ones(2).type(torch.ByteTensor).dtype is torch.uint8
    assert torch.tensor([1], dtype=torch.int16).type() == "torch.ShortTensor"
    with pytest.raises(TypeError, match="argument 'size' failed to unpack the object at pos 2"):
        torch.IntTensor(2, [1])


@pytest.mark.parity
@pytest.mark.parametrize("name", LEGACY)
def test_parity_legacy_types(name):
    real = pytest.importorskip("torch")
    ours, theirs = getattr(torch, name), getattr(real, name)
    data = [1.7, 2.5, 100.0]
    assert str(ours(data)) == str(theirs(data))
    assert repr(ours) == repr(theirs) and ours.__name__ == theirs.__name__
    assert str(ours([[1, 2], [3, 4]])) == str(theirs([[1, 2], [3, 4]]))
    assert ours(2, 3).shape == theirs(2, 3).shape and str(ours()) == str(theirs())
    assert torch.ones(2).type(ours).dtype == getattr(torch, str(theirs.dtype).split(".")[1])
    assert isinstance(torch.ones(2), ours) == isinstance(real.ones(2), theirs)
