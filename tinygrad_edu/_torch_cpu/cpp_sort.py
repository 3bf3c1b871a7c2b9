"""The C++ standard library's selection and sorting algorithms, step by step as libstdc++
writes them (``std::nth_element``, ``std::partial_sort``, ``std::sort``), so that equal
elements come out in the order PyTorch's CPU ``topk`` gives them.

>>> items = [3, 1, 4, 1, 5]
>>> nth_element(items, 1, lambda a, b: a < b); items[1]
1

Each function rearranges the list in place with a strict "comes before" ``less(a, b)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["nth_element", "partial_sort", "sort"]

Less = Callable[[Any, Any], bool]


def _lg(n: int) -> int:
    return n.bit_length() - 1


def _median_to_first(v: list[Any], result: int, a: int, b: int, c: int, less: Less) -> None:
    if less(v[a], v[b]):
        if less(v[b], v[c]):
            m = b
        elif less(v[a], v[c]):
            m = c
        else:
            m = a
    elif less(v[a], v[c]):
        m = a
    elif less(v[b], v[c]):
        m = c
    else:
        m = b
    v[result], v[m] = v[m], v[result]


def _partition_pivot(v: list[Any], first: int, last: int, less: Less) -> int:
    mid = first + (last - first) // 2
    _median_to_first(v, first, first + 1, mid, last - 1, less)
    lo, hi, pivot = first + 1, last, first
    while True:
        while less(v[lo], v[pivot]):
            lo += 1
        hi -= 1
        while less(v[pivot], v[hi]):
            hi -= 1
        if not lo < hi:
            return lo
        v[lo], v[hi] = v[hi], v[lo]
        lo += 1


def _insertion_sort(v: list[Any], first: int, last: int, less: Less) -> None:
    for i in range(first + 1, last):
        val = v[i]
        if less(val, v[first]):
            v[first + 1 : i + 1] = v[first:i]
            v[first] = val
        else:
            j = i
            while less(val, v[j - 1]):
                v[j] = v[j - 1]
                j -= 1
            v[j] = val


def _adjust_heap(v: list[Any], first: int, hole: int, n: int, value: Any, less: Less) -> None:
    top = hole
    child = hole
    while child < (n - 1) // 2:
        child = 2 * (child + 1)
        if less(v[first + child], v[first + child - 1]):
            child -= 1
        v[first + hole] = v[first + child]
        hole = child
    if n % 2 == 0 and child == (n - 2) // 2:
        child = 2 * (child + 1)
        v[first + hole] = v[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and less(v[first + parent], value):
        v[first + hole] = v[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    v[first + hole] = value


def _make_heap(v: list[Any], first: int, last: int, less: Less) -> None:
    n = last - first
    if n < 2:
        return
    parent = (n - 2) // 2
    while True:
        _adjust_heap(v, first, parent, n, v[first + parent], less)
        if parent == 0:
            return
        parent -= 1


def _pop_heap(v: list[Any], first: int, last: int, result: int, less: Less) -> None:
    value = v[result]
    v[result] = v[first]
    _adjust_heap(v, first, 0, last - first, value, less)


def _heap_select(v: list[Any], first: int, middle: int, last: int, less: Less) -> None:
    _make_heap(v, first, middle, less)
    for i in range(middle, last):
        if less(v[i], v[first]):
            _pop_heap(v, first, middle, i, less)


def _sort_heap(v: list[Any], first: int, last: int, less: Less) -> None:
    while last - first > 1:
        last -= 1
        _pop_heap(v, first, last, last, less)


def partial_sort(v: list[Any], middle: int, less: Less) -> None:
    """``std::partial_sort(v.begin(), v.begin() + middle, v.end(), less)``."""
    _heap_select(v, 0, middle, len(v), less)
    _sort_heap(v, 0, middle, less)


def nth_element(v: list[Any], nth: int, less: Less) -> None:
    """``std::nth_element(v.begin(), v.begin() + nth, v.end(), less)``."""
    first, last = 0, len(v)
    if first == last or nth == last:
        return
    depth = 2 * _lg(last - first)
    while last - first > 3:
        if depth == 0:
            _heap_select(v, first, nth + 1, last, less)
            v[first], v[nth] = v[nth], v[first]
            return
        depth -= 1
        cut = _partition_pivot(v, first, last, less)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(v, first, last, less)


def _introsort(v: list[Any], first: int, last: int, depth: int, less: Less) -> None:
    while last - first > 16:
        if depth == 0:
            _heap_select(v, first, last, last, less)
            _sort_heap(v, first, last, less)
            return
        depth -= 1
        cut = _partition_pivot(v, first, last, less)
        _introsort(v, cut, last, depth, less)
        last = cut


def sort(v: list[Any], last: int, less: Less) -> None:
    """``std::sort(v.begin(), v.begin() + last, less)``."""
    if last < 2:
        return
    _introsort(v, 0, last, 2 * _lg(last), less)
    if last > 16:
        _insertion_sort(v, 0, 16, less)
        for i in range(16, last):  # the unguarded insertion: a smaller element is before
            val, j = v[i], i
            while less(val, v[j - 1]):
                v[j] = v[j - 1]
                j -= 1
            v[j] = val
    else:
        _insertion_sort(v, 0, last, less)
