"""A long chain is freed at a constant depth, and every graph Value is counted out.

Natively CPython's trashcan bounds the recursion, and ``Value.__del__`` only counts
(``engine.release_counted``); under Pyodide the recursion overflows the browser's stack and
kills Python, so there a loop frees what a Value held (``engine.release_in_a_loop``;
tests/test_site_browser.py frees a 10^5-Value chain there). Here the loop is installed as it is
there: every Value's release runs at the same Python stack depth, however long the chain.
"""

from __future__ import annotations

import sys

import pytest

from tinygrad_edu import Value
from tinygrad_edu.core import engine


@pytest.fixture
def as_under_pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Value, "__del__", engine.release_in_a_loop)


@pytest.mark.parametrize("release", ["native", "pyodide"])
def test_a_freed_graph_is_counted_out(release: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if release == "pyodide":
        monkeypatch.setattr(Value, "__del__", engine.release_in_a_loop)
    else:
        assert Value.__del__ is engine.release_counted  # what CPython runs
    before = engine.live_graph_values()
    y = _chain(200_000)  # natively freed by CPython's own dealloc, at a depth it bounds
    assert engine.live_graph_values() == before + 400_000
    del y
    assert engine.live_graph_values() == before


def _chain(n: int) -> Value:
    y = Value(1.0)
    for _ in range(n):
        y = y * 1.0000001 + 0.5
    return y


def _release_depths(n: int, *, backward: bool) -> list[int]:
    y = _chain(n)
    if backward:
        y.backward()
    depths: list[int] = []

    def profile(frame, event, arg) -> None:
        if event == "call" and frame.f_code.co_name == "release_in_a_loop":
            depth, f = 0, frame
            while f is not None:
                depth, f = depth + 1, f.f_back
            depths.append(depth)

    sys.setprofile(profile)
    try:
        del y
    finally:
        sys.setprofile(None)
    return depths


def test_a_long_chain_is_released_at_a_constant_depth(as_under_pyodide: None) -> None:
    for backward in (False, True):
        depths = _release_depths(20_000, backward=backward)
        assert len(depths) == 40_001  # every Value, the leaf too, went through __del__
        assert max(depths) - min(depths) <= 1  # the outermost release, and one level below it


@pytest.mark.parametrize("release", ["native", "pyodide"])
def test_a_released_chain_keeps_what_is_still_held(release: str, request: pytest.FixtureRequest):
    if release == "pyodide":
        request.getfixturevalue("as_under_pyodide")
    x = Value(2.0)
    mid = x * 3.0
    y = _chain_from(mid, 1000)
    del y  # frees the chain above mid; mid and its input stay whole
    z = mid * mid
    z.backward()
    assert (mid.data, x.grad) == (6.0, 36.0)
    assert mid.grad_fn.next_functions[0][0].variable is x


def _chain_from(v: Value, n: int) -> Value:
    for _ in range(n):
        v = v + 1.0
    return v


@pytest.mark.parametrize("release", [engine.release_counted, engine.release_in_a_loop])
def test_a_value_a_stop_caught_before_it_was_set_up_is_freed_quietly(
    release: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A KeyboardInterrupt can come between a Value's making and its first attribute: freeing
    it printed "Exception ignored ... no attribute '_kind'" (a random-moment signal found it)."""
    monkeypatch.setattr(Value, "__del__", release)
    ignored: list[object] = []
    hook, sys.unraisablehook = sys.unraisablehook, ignored.append
    try:
        half_made = object.__new__(Value)
        del half_made
    finally:
        sys.unraisablehook = hook
    assert ignored == []
