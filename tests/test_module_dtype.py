"""``model.double()``, ``.float()``, ``.half()``, ``.to(dtype)``: PyTorch's ``Module._apply``.

Floating-point parameters keep their identity (their data, and their grads', converted), so an
optimizer made before the conversion still steps them; floating-point buffers are replaced;
integer buffers stay as they are.
"""

from __future__ import annotations

import pytest

import tinygrad_edu as tg


def _model(torch):
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.BatchNorm1d(2))
    return m


def _run(torch, convert: str) -> list[str]:
    m = _model(torch)
    w = m[0].weight
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    m(torch.ones(3, 2)).sum().backward()
    out = getattr(m, convert)() if convert != "to" else m.to(torch.float64)
    dt = m[0].weight.dtype
    x = torch.linspace(-1, 1, 6, dtype=dt).reshape(3, 2)
    loss = m(x).pow(2).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
    return [
        str(out is m),
        str(m[0].weight is w),
        str(w.dtype),
        str(m[1].running_mean.dtype),
        str(m[1].num_batches_tracked.dtype),
        str(w.grad.dtype),
        f"{loss.item():.6f}",
        str(m[0].weight),
    ]


@pytest.mark.parametrize("convert", ["double", "to"])
def test_double_converts_parameters_in_place_and_buffers(convert: str) -> None:
    got = _run(tg, convert)
    assert got[:6] == [
        "True",
        "True",
        "torch.float64",
        "torch.float64",
        "torch.int64",
        "torch.float64",
    ]


def test_float_and_half_convert_back_and_down() -> None:
    m = tg.nn.Linear(2, 1).double()
    assert m.float().weight.dtype is tg.float32
    assert m.half().bias.dtype is tg.float16


def test_to_an_integer_dtype_is_refused_as_in_pytorch() -> None:
    with pytest.raises(
        TypeError,
        match=r"only accepts floating point or complex dtypes, but got desired dtype=torch\.int64",
    ):
        tg.nn.Linear(2, 1).to(tg.int64)


@pytest.mark.parity
@pytest.mark.parametrize("convert", ["double", "float", "to"])
def test_matches_pytorch(convert: str) -> None:
    torch = pytest.importorskip("torch")
    assert _run(tg, convert) == _run(torch, convert)
