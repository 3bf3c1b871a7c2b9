"""Keeping Python's cycle collector out of graph building and out of the pass.

A graph of Values holds no reference cycle (``graph.py``): reference counting alone frees it,
so the cycle collector never finds garbage in it. It still walks it. The collector runs after
every ``threshold0`` (700) new container objects; every 10th run also walks the objects that
survived one run, and about every time the heap has grown by a quarter it walks everything
alive. Building a graph of 10^6 ops is 2·10^6 new objects that all survive: those full walks
visit each node about five times more, through memory no cache holds, and the forward's cost
per node grows with the size of the graph.

So while many graph Values are alive, the first generation is sized to them:
``threshold0 = live // SHARE`` (never below what it was). Each walk then comes after a fixed
fraction of the graph has been built, the full walks come after the graph has grown many times
over instead of by a quarter, and the collector's work per node stays the same at 10^4 and
10^6 ops. What it collects does not change: it runs, only less often, and a cycle a program
makes is freed at the latest after a share of the live graph's size in new objects (memory
kept waiting is at most a fraction of the graph's own). When the Values go, the thresholds go
back to what they were. Thresholds a program sets itself are never overridden: once
``gc.get_threshold()`` is not what was set here, this module leaves the collector alone.

``engine.py`` counts the graph Values alive (made by a recorded op, not yet freed) and calls
``young_generation`` when the count leaves the band the last call returned.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["FLOOR", "SHARE", "gc_paused", "young_generation"]

FLOOR = 1 << 16  # graph Values alive before the first generation grows (a small graph: as Python)
SHARE = 8  # the first generation, as a share of the graph Values alive

_saved: tuple[int, ...] | None = None  # the thresholds before this module changed them
_set: tuple[int, ...] | None = None  # the thresholds this module set last
_hands_off = False  # the program set thresholds of its own while a graph was alive


def young_generation(live: int) -> tuple[int, int]:
    """Size the collector's first generation for ``live`` graph Values alive.

    Returns the band ``(low, high)`` of counts for which that size stays right: the engine calls
    again once the count is below ``low`` or above ``high``.
    """
    global _saved, _set, _hands_off
    now = gc.get_threshold()
    if _set is not None and now != _set:  # the program set its own thresholds: keep them
        _saved, _set, _hands_off = None, None, True
    if live < FLOOR // 2 or (live < FLOOR and _set is None):
        if _set is not None and _saved is not None:
            gc.set_threshold(*_saved)  # the graph has gone: the thresholds it found again
        _saved, _set, _hands_off = None, None, False
        return -1, FLOOR
    band = max(live // 2, FLOOR // 2), 2 * live
    base = _saved if _saved is not None else now
    if _hands_off or base[0] == 0:  # theirs, or automatic collection off: nothing to size
        return band
    want = (max(base[0], live // SHARE), *base[1:])
    if want != now:
        gc.set_threshold(*want)
    _saved, _set = base, gc.get_threshold()
    return band


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cycle collector for a backward pass, then restore it as it was.

    The pass makes no reference cycles, so the collector has nothing to find in it; on a large
    graph it would still walk every node many times over.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
