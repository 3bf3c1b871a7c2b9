"""matmul of more than two dims: each matrix of the broadcast batch multiplied, and the
gradients summed back over the broadcast, as torch.matmul does."""

from __future__ import annotations

import itertools
import math

from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch


def _t(shape, seed):
    n = math.prod(shape)
    return torch.tensor([((i * 7 + seed) % 11) / 4 - 1 for i in range(n)],
                        dtype=torch.float64).reshape(*shape).requires_grad_()  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from([(2,), (1,), (3, 1), (2, 3)]),
    st.sampled_from([(2,), (1,), (1, 1), (2, 1)]),
    st.integers(1, 3), st.integers(1, 3), st.integers(1, 3),
)  # fmt: skip
def test_each_matrix_of_the_batch_is_multiplied(ba, bb, n, k, m):
    try:
        batch = torch.broadcast_shapes(ba, bb)
    except RuntimeError:
        return
    a, b = _t((*ba, n, k), 1), _t((*bb, k, m), 2)
    r = a @ b
    assert tuple(r.shape) == (*batch, n, m) and r.grad_fn.name() == "UnsafeViewBackward0"
    A, B = a.tolist(), b.tolist()

    def at(x, idx, shape):
        idx = idx[len(idx) - len(shape) :]
        for i, s in zip(idx, shape):
            x = x[0 if s == 1 else i]
        return x

    loss = 0.0
    a2, b2 = _t((*ba, n, k), 1), _t((*bb, k, m), 2)  # the same numbers, multiplied 2-d by 2-d
    for idx in itertools.product(*map(range, batch)):
        ma, mb = at(A, idx, ba), at(B, idx, bb)
        want = [
            math.fsum(ma[i][q] * mb[q][j] for q in range(k)) for i in range(n) for j in range(m)
        ]
        assert at(r.tolist(), idx, batch) == [want[i * m : (i + 1) * m] for i in range(n)]
        ia = tuple(0 if s == 1 else i for i, s in zip(idx[len(idx) - len(ba) :], ba))
        ib = tuple(0 if s == 1 else i for i, s in zip(idx[len(idx) - len(bb) :], bb))
        loss = loss + (a2[ia] @ b2[ib]).sum()
    r.sum().backward()
    loss.backward()
    assert _close(a.grad, a2.grad)
    assert _close(b.grad, b2.grad)


def _close(x, y):
    return all(
        math.isclose(p, q, abs_tol=1e-12)
        for p, q in zip(x.reshape(-1).tolist(), y.reshape(-1).tolist())
    )


def test_a_stack_times_a_matrix_is_one_mm_of_its_rows():
    a, b = _t((2, 3, 4), 1), _t((4, 5), 2)
    r = a @ b
    assert r.grad_fn.name() == "UnsafeViewBackward0"
    assert r.grad_fn.next_functions[0][0].name() == "MmBackward0"
    assert _close(r.reshape(6, 5), a.reshape(6, 4) @ b)
