"""torch.save here, torch.load in real PyTorch (``weights_only=True``), and the other way round,
with the files made now; a state dict and an optimizer's state saved here go on training in
PyTorch as they do here. In float32 and float64. Run by ``make parity``."""

from __future__ import annotations

import pytest
from torch_files import cases, describe, storage_of_torch

import tinygrad_edu as tg

pytestmark = pytest.mark.parity
NAMES = sorted(cases(tg))


def ours(t):
    return id(t.storage_key)


@pytest.fixture(params=["float32", "float64"])
def dt(request):
    torch = pytest.importorskip("torch")
    tg.set_default_dtype(getattr(tg, request.param))
    torch.set_default_dtype(getattr(torch, request.param))
    yield request.param
    tg.set_default_dtype(tg.float32)
    torch.set_default_dtype(torch.float32)


@pytest.mark.parametrize("name", NAMES)
def test_a_file_saved_here_loads_in_pytorch_as_it_was(name, dt, tmp_path):
    import torch

    obj = cases(tg)[name]()
    tg.save(obj, tmp_path / "f.pt")
    back = torch.load(tmp_path / "f.pt", weights_only=True)
    assert describe(back, storage_of_torch) == describe(obj, ours)
    mapped = torch.load(tmp_path / "f.pt", weights_only=True, mmap=True)  # storages aligned
    assert describe(mapped, storage_of_torch) == describe(obj, ours)


@pytest.mark.parametrize("name", NAMES)
def test_a_file_pytorch_saves_now_loads_here_as_it_was(name, dt, tmp_path):
    import torch

    obj = cases(torch)[name]()
    torch.save(obj, tmp_path / "f.pt")
    assert describe(tg.load(tmp_path / "f.pt"), ours) == describe(obj, storage_of_torch)


def _nets(torch_mod):
    nn = torch_mod.nn
    return nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))


def _step(torch_mod, net, opt, x, y):
    opt.zero_grad()
    loss = ((net(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
    return loss.item()


@pytest.mark.parametrize("optimizer", ["SGD", "Adam"])
def test_a_state_dict_saved_here_trains_one_step_in_pytorch_as_here(optimizer, dt, tmp_path):
    import torch

    tg.manual_seed(0)
    net = _nets(tg)
    opt = getattr(tg.optim, optimizer)(net.parameters(), lr=0.1)
    x, y = tg.randn(8, 3), tg.randn(8, 1)
    _step(tg, net, opt, x, y)  # the optimizer has state to hand over
    tg.save({"model": net.state_dict(), "optimizer": opt.state_dict()}, tmp_path / "ck.pt")

    ck = torch.load(tmp_path / "ck.pt", weights_only=True)
    theirs = _nets(torch)
    theirs.load_state_dict(ck["model"])
    their_opt = getattr(torch.optim, optimizer)(theirs.parameters(), lr=0.1)
    their_opt.load_state_dict(ck["optimizer"])
    tx, ty = torch.tensor(x.tolist()), torch.tensor(y.tolist())
    their_loss = _step(torch, theirs, their_opt, tx, ty)
    our_loss = _step(tg, net, opt, x, y)
    tol = 1e-6 if dt == "float32" else 1e-12
    assert their_loss == pytest.approx(our_loss, rel=tol)
    for p, q in zip(net.parameters(), theirs.parameters()):
        assert q.dtype == getattr(torch, dt)
        assert _flat(q.tolist()) == pytest.approx(_flat(p.tolist()), rel=tol, abs=tol)


def _flat(x):
    return [v for row in x for v in _flat(row)] if isinstance(x, list) else [x]
