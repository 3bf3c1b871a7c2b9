"""The cycle collector is sized to the graph while a big one is alive (core/collector.py): its
first generation grows with the graph Values alive and goes back when they go, a program's own
thresholds are never overridden, and it still collects: a cycle made next to a big graph is
freed by the collector's own runs, and the graph's memory by reference counting."""

from __future__ import annotations

import gc
import tracemalloc
import weakref

import pytest

from tinygrad_edu import Value
from tinygrad_edu.core import collector
from tinygrad_edu.core.engine import live_graph_values

BIG = 2 * collector.FLOOR

pytestmark = pytest.mark.skipif(not gc.isenabled(), reason="the collector is off in this run")


def graph(n: int) -> tuple[Value, list[Value]]:
    """n graph Values in one flat layer: quick to make, freed one by one."""
    x = Value(1.0)
    return x, [x * 1.0 for _ in range(n)]


@pytest.fixture
def thresholds():
    was = gc.get_threshold()
    yield was
    gc.set_threshold(*was)


def test_a_small_graph_leaves_the_collector_as_it_is(thresholds):
    x, ys = graph(1000)
    assert gc.get_threshold() == thresholds
    del x, ys
    assert gc.get_threshold() == thresholds


def test_the_first_generation_grows_with_a_big_graph_and_goes_back_when_it_goes(thresholds):
    base = live_graph_values()
    x, ys = graph(BIG)
    assert live_graph_values() == base + BIG
    now = gc.get_threshold()
    assert now[0] > thresholds[0] and now[1:] == thresholds[1:]
    assert now[0] <= live_graph_values() // collector.SHARE  # garbage waits a share of the graph
    ys.extend(graph(BIG)[1])  # grows again with the graph
    assert gc.get_threshold()[0] > now[0]
    del x, ys
    assert live_graph_values() == base
    assert gc.get_threshold() == thresholds


def test_a_backward_pass_through_a_big_graph_leaves_the_thresholds_as_they_were(thresholds):
    x = Value(1.0)
    y = x
    for _ in range(BIG // 2):
        y = y * 1.0 + 0.0
    y.backward()
    assert x.grad == 1.0
    del y
    assert gc.get_threshold() == thresholds


def test_a_programs_own_thresholds_are_kept(thresholds):
    gc.set_threshold(500, 7, 9)
    x, ys = graph(BIG)
    assert gc.get_threshold()[0] > 500
    gc.set_threshold(900, 5, 5)  # the program takes the collector in hand while the graph lives
    ys.extend(graph(BIG)[1])
    assert gc.get_threshold() == (900, 5, 5)
    del x, ys
    assert gc.get_threshold() == (900, 5, 5)
    x, ys = graph(BIG)  # a new graph: sized from the program's thresholds, and back to them
    assert gc.get_threshold()[0] > 900
    del x, ys
    assert gc.get_threshold() == (900, 5, 5)


def test_automatic_collection_switched_off_by_threshold_stays_off(thresholds):
    gc.set_threshold(0)
    x, ys = graph(BIG)
    assert gc.get_threshold()[0] == 0
    del x, ys
    assert gc.get_threshold()[0] == 0


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_cycle_made_beside_a_big_graph_is_still_collected_by_the_collectors_own_runs(thresholds):
    x, ys = graph(BIG)
    c = Cycle()
    dead = weakref.ref(c)
    del c
    t0, t1, _ = gc.get_threshold()
    junk = []
    for _ in range(2 * t0 * (t1 + 1)):  # enough new objects for a run of the first two generations
        junk.append([])
        if dead() is None:
            break
    assert dead() is None
    del x, ys, junk


def test_a_big_graphs_memory_is_freed_when_it_goes():
    base = live_graph_values()
    tracemalloc.start()
    try:
        x, ys = graph(BIG)
        held, _ = tracemalloc.get_traced_memory()
        del x, ys
        left, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert live_graph_values() == base
    assert left < held / 50
