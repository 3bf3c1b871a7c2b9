"""Grad mode is per thread, as PyTorch's: one thread's no_grad does not reach another thread."""

from __future__ import annotations

import subprocess
import sys
import threading

from tinygrad_edu import Value, enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from tinygrad_edu.core.grad_mode import STATE


def run_in_thread(fn):
    out: dict[str, object] = {}

    def target():
        try:
            out["result"] = fn()
        except BaseException as e:  # pragma: no cover - reported below
            out["error"] = e

    t = threading.Thread(target=target)
    t.start()
    t.join(30)
    assert not t.is_alive()
    if "error" in out:
        raise out["error"]  # type: ignore[misc]
    return out["result"]


def test_a_thread_inside_no_grad_does_not_stop_another_from_recording():
    inside, done = threading.Event(), threading.Event()

    def sleeper():
        with no_grad():
            inside.set()
            done.wait(30)
            return (Value(1.0) * 2).grad_fn

    holder: dict[str, object] = {}
    t = threading.Thread(target=lambda: holder.update(fn=sleeper()))
    t.start()
    assert inside.wait(30)
    try:
        x = Value(1.0)
        y = x
        made = []
        for _ in range(1000):
            y = y * 1.0
            made.append(y.grad_fn is not None)
        assert sum(made) == 1000
        y.backward()
        assert x.grad == 1.0
    finally:
        done.set()
        t.join(30)
    assert holder["fn"] is None  # and the other thread stayed in no_grad all along
    assert STATE.enabled


def test_two_overlapping_no_grad_blocks_in_two_threads_leave_grad_mode_on():
    a_in, b_in, a_out = threading.Event(), threading.Event(), threading.Event()

    def a():
        with no_grad():
            a_in.set()
            assert b_in.wait(30)
        a_out.set()  # a leaves first, while b is still inside
        return is_grad_enabled()

    def b():
        assert a_in.wait(30)
        with no_grad():
            b_in.set()
            assert a_out.wait(30)
            inside = is_grad_enabled()
        return inside, is_grad_enabled()

    results: dict[str, object] = {}
    ts = [
        threading.Thread(target=lambda: results.update(a=a())),
        threading.Thread(target=lambda: results.update(b=b())),
    ]
    for t in ts:
        t.start()
    for t in ts:
        t.join(30)
    assert results == {"a": True, "b": (False, True)}
    assert is_grad_enabled() and STATE.enabled
    assert (Value(1.0) * 2).grad_fn is not None
    assert run_in_thread(lambda: (Value(1.0) * 2).grad_fn is not None)


def test_a_new_thread_starts_with_grad_mode_on_as_in_pytorch():
    with no_grad():
        assert run_in_thread(is_grad_enabled) is True
        assert run_in_thread(lambda: (Value(1.0) * 2).requires_grad) is True
        assert not is_grad_enabled()
    set_grad_enabled(False)
    try:
        assert run_in_thread(lambda: STATE.enabled) is True
    finally:
        set_grad_enabled(True)


def test_set_grad_enabled_as_a_call_acts_in_its_own_thread_only():
    def off_here():
        set_grad_enabled(False)
        return is_grad_enabled(), (Value(1.0) * 2).grad_fn

    assert run_in_thread(off_here) == (False, None)
    assert is_grad_enabled()  # this thread is untouched
    # the thread ended with grad mode off: nothing of it is left behind
    assert (Value(1.0) * 2).grad_fn is not None
    assert type(STATE).__name__ == "_AllOn"


def test_set_grad_enabled_as_a_decorator_per_thread():
    @set_grad_enabled(False)
    def evaluate(v):
        return v * 2, is_grad_enabled()

    assert is_grad_enabled()  # decorating does not switch the mode
    x = Value(1.0)

    def worker():
        with enable_grad():
            y, mode = evaluate(x)
            return y.grad_fn, mode, is_grad_enabled()

    assert run_in_thread(worker) == (None, False, True)
    y, mode = evaluate(x)
    assert (y.grad_fn, mode, is_grad_enabled()) == (None, False, True)


def test_each_thread_nests_its_own_blocks():
    def nest():
        seen = []
        with no_grad():
            seen.append(is_grad_enabled())
            with enable_grad():
                seen.append((Value(1.0) * 2).grad_fn is not None)
            seen.append(is_grad_enabled())
        seen.append(is_grad_enabled())
        return seen

    threads = [threading.Thread(target=lambda: results.append(nest())) for _ in range(8)]
    results: list[list[bool]] = []
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert results == [[False, True, False, True]] * 8
    assert is_grad_enabled()


def test_grad_mode_left_off_at_exit_is_quiet():
    code = "from tinygrad_edu import set_grad_enabled\nset_grad_enabled(False)\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (0, "")
