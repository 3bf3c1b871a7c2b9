"""A long chain is freed by a loop, not a recursion as deep as the chain (Value.__del__).

Natively CPython's trashcan hides the recursion; under Pyodide it overflows the browser's stack
and kills Python (tests/test_site_browser.py frees a 10^5-Value chain there). Here: every
Value's release runs at the same Python stack depth, however long the chain.
"""

from __future__ import annotations

import sys

from tinygrad_edu import Value


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
        if event == "call" and frame.f_code.co_name == "__del__":
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


def test_a_long_chain_is_released_at_a_constant_depth():
    for backward in (False, True):
        depths = _release_depths(20_000, backward=backward)
        assert len(depths) == 40_001  # every Value, the leaf too, went through __del__
        assert max(depths) - min(depths) <= 1  # the outermost release, and one level below it


def test_a_released_chain_keeps_what_is_still_held():
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


def test_a_value_a_stop_caught_before_it_was_set_up_is_freed_quietly() -> None:
    """A KeyboardInterrupt can come between a Value's making and its first attribute: freeing
    it printed "Exception ignored ... no attribute '_kind'" (a random-moment signal found it)."""
    ignored: list[object] = []
    hook, sys.unraisablehook = sys.unraisablehook, ignored.append
    try:
        half_made = object.__new__(Value)
        del half_made
    finally:
        sys.unraisablehook = hook
    assert ignored == []
