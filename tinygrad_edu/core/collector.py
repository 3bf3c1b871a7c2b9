"""Keeping Python's cycle collector out of graph building and out of the pass.

A graph of Values holds no reference cycle (``graph.py``): reference counting alone frees it,
so the cycle collector never finds garbage in it. It still walks it. The collector walks the
youngest objects after every ``threshold0`` (700) new ones, the objects that survived that
after every ``threshold1`` (10) such runs, and everything alive after ``threshold2`` (10) runs
of the second kind, once the heap has grown by a quarter since the last full walk. Building a
graph of 10^6 ops is 2·10^6 new objects that all survive: the first two walks see each node
once or twice, at the same cost whatever the size of the graph, but the full walks come each
time the graph has grown by a quarter, visit every node about five times more, through memory
no cache holds, and the forward's cost per node grows with the graph.

So while many graph Values are alive, the full walk waits until ``GROWTH`` times as many new
objects as there are graph Values alive have survived the second walk: ``threshold2`` grows
with the graph (never below what it was), the first two generations stay as Python has them.
A graph then grows ``GROWTH``-fold between two full walks, not by a quarter, and the
collector's work per node stays about the same at 10^4 and 10^6 ops. What it collects does
not change, only when: a cycle a program drops young is freed as soon as before, by the first
two walks; one that lived through them waits for the next full walk, at most ``GROWTH`` times
the live graph in new objects later (memory kept waiting is bounded by the graph's own size).
When the Values go, the thresholds go back to what they were. Thresholds a program sets itself
are never overridden: once ``gc.get_threshold()`` is not what was set here, this module leaves
the collector alone until the graph has gone.

``engine.py`` counts the graph Values alive (made by a recorded op, not yet freed) and calls
``resize`` when the count leaves the band the last call returned. The count takes no lock:
threads building graphs at once may make it drift, which changes when the collector walks,
never what it frees.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["FLOOR", "GROWTH", "LIVE", "gc_paused", "resize"]

FLOOR = 1 << 14  # graph Values alive before the collector is resized (a small graph: as Python)
GROWTH = 8  # how many times over the graph may grow between two full walks
# the graph Values alive (made by a recorded op, not yet freed: engine.py and release.py count
# them), then the band of that count within which the full walks are sized right
LIVE = [0, -1, FLOOR]

_saved: tuple[int, ...] | None = None  # the thresholds before this module changed them
_set: tuple[int, ...] | None = None  # the thresholds this module set last
_hands_off = False  # the program set thresholds of its own while a graph was alive


def resize(live: int) -> tuple[int, int]:
    """Size the collector's full walks for ``live`` graph Values alive.

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
    per_run = base[0] * max(base[1], 1)  # new objects between two runs of the second walk
    want = (base[0], base[1], max(base[2], GROWTH * live // per_run))
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
