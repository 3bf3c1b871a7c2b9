"""Anomaly mode is one switch for the whole process, as PyTorch's; grad mode stays per thread."""

from __future__ import annotations

import threading

import tinygrad_edu as torch


def _in_thread(fn):
    out = []
    t = threading.Thread(target=lambda: out.append(fn()))
    t.start()
    t.join()
    return out[0]


def test_anomaly_mode_set_in_one_thread_is_seen_in_another() -> None:
    torch.autograd.set_detect_anomaly(True, check_nan=False)
    try:
        assert _in_thread(
            lambda: (torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
        ) == (True, False)
    finally:
        torch.autograd.set_detect_anomaly(False)
    assert _in_thread(torch.is_anomaly_enabled) is False
    assert torch.is_anomaly_check_nan_enabled() is True


def test_a_nan_made_in_another_thread_is_caught_while_anomaly_mode_is_on() -> None:
    torch.autograd.set_detect_anomaly(True)
    try:

        def backward() -> str:
            x = torch.tensor([-1.0], requires_grad=True)
            try:
                x.sqrt().sum().backward()
            except RuntimeError as e:
                return str(e)
            return "no error"

        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert "returned nan values" in _in_thread(backward)
    finally:
        torch.autograd.set_detect_anomaly(False)


def test_grad_mode_stays_per_thread() -> None:
    with torch.no_grad():
        assert torch.is_grad_enabled() is False
        assert _in_thread(torch.is_grad_enabled) is True
