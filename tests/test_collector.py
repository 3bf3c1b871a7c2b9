"""The cycle collector is sized to the graph while a big one is alive (core/collector.py): its
full walks wait for the graph to grow several times over, and go back to Python's pace when the
graph goes; a program's own thresholds are never overridden; and it still collects: a cycle
made next to a big graph is freed by the collector's own runs, and the graph's memory by
reference counting."""

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


def test_the_full_walks_wait_longer_with_a_big_graph_and_go_back_when_it_goes(thresholds):
    base = live_graph_values()
    x, ys = graph(BIG)
    assert live_graph_values() >= BIG  # (a graph an earlier test left may be collected meanwhile)
    now = gc.get_threshold()
    assert now[:2] == thresholds[:2] and now[2] > thresholds[2]  # the young walks as they were
    # a full walk after at most GROWTH times the live graph in new objects
    assert now[0] * now[1] * now[2] <= collector.GROWTH * live_graph_values()
    ys.extend(graph(BIG)[1])  # grows again with the graph
    assert gc.get_threshold()[2] > now[2]
    del x, ys
    assert live_graph_values() <= base
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
    assert gc.get_threshold()[2] > 9
    gc.set_threshold(900, 5, 5)  # the program takes the collector in hand while the graph lives
    ys.extend(graph(BIG)[1])
    assert gc.get_threshold() == (900, 5, 5)
    del x, ys
    assert gc.get_threshold() == (900, 5, 5)
    x, ys = graph(BIG)  # a new graph: sized from the program's thresholds, and back to them
    assert gc.get_threshold()[:2] == (900, 5) and gc.get_threshold()[2] > 5
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


def _collected_within(dead: weakref.ref, count: int) -> bool:
    junk = []
    for _ in range(count):  # new objects, as a program makes them: the collector runs by itself
        junk.append([])
        if dead() is None:
            return True
    return False


def test_a_cycle_dropped_young_beside_a_big_graph_is_collected_as_soon_as_before(thresholds):
    x, ys = graph(BIG)
    c = Cycle()
    dead = weakref.ref(c)
    del c
    t0, t1, _ = thresholds
    assert _collected_within(dead, 2 * t0 * (t1 + 1))  # two runs of the young walks at most
    del x, ys


def test_a_cycle_that_lived_long_beside_a_big_graph_is_collected_by_a_full_walk(thresholds):
    x, ys = graph(BIG)
    c = Cycle()
    dead = weakref.ref(c)
    gc.collect(1)  # it lives through the young walks: only a full walk can free it
    del c
    t0, t1, t2 = gc.get_threshold()
    assert _collected_within(dead, 2 * t0 * (t1 + 1) * (t2 + 1))
    del x, ys


def test_a_big_graphs_memory_is_freed_when_it_goes():
    base = live_graph_values()
    tracemalloc.start()
    try:
        x, ys = graph(collector.FLOOR + 1000)  # big enough for the collector to be resized
        held, _ = tracemalloc.get_traced_memory()
        del x, ys
        left, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert live_graph_values() <= base
    assert left < held / 50
