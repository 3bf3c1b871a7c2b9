"""Every exercise check can fail: each is fed the mistakes students make, and says what it wanted.

A lesson is run once (in-process, pictures into a temporary folder) to get its namespace; then
its ``check_...()`` is called with the reference solution (it passes) and with several plausible
wrong answers (forgetting the upstream gradient, ``=`` for ``+=``, a forward difference, a wrong
activation, a missing bias, an empty answer, ...): each must raise an ``AssertionError`` whose
message says what was expected and what came.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import re
import runpy
import sys
from pathlib import Path

import pytest

from viz.cli.lesson import student_version

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
_NAMESPACES: dict[str, dict] = {}


def lesson(prefix: str, tmp_path_factory) -> dict:
    """The namespace of lesson ``prefix`` (run once per test session)."""
    if prefix not in _NAMESPACES:
        (path,) = LESSONS.glob(f"{prefix}_*.py")
        out = tmp_path_factory.mktemp(f"lesson{prefix}")
        old_cwd, old_env = os.getcwd(), os.environ.get("TINYGRAD_EDU_LESSONS_OUT")
        os.environ["TINYGRAD_EDU_LESSONS_OUT"] = str(out)
        os.chdir(out)
        sys.path.insert(0, str(LESSONS))
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                _NAMESPACES[prefix] = runpy.run_path(str(path), run_name="__main__")
        finally:
            sys.path.remove(str(LESSONS))
            os.chdir(old_cwd)
            if old_env is None:
                os.environ.pop("TINYGRAD_EDU_LESSONS_OUT", None)
            else:
                os.environ["TINYGRAD_EDU_LESSONS_OUT"] = old_env
    return _NAMESPACES[prefix]


def rejected(check, answer) -> str:
    with contextlib.redirect_stdout(io.StringIO()) as printed, pytest.raises(AssertionError) as e:
        check(answer)
    message = str(e.value)
    assert "expected" in message and "got" in message, message
    assert "all good" not in printed.getvalue()
    return message


# --- the wrong answers, lesson by lesson -------------------------------------------------------


def wrong_01(ns):
    yield "forward difference", lambda f, x, h=1e-5: (f(x + h) - f(x)) / h
    yield "forward difference, tiny h", lambda f, x, h=1e-8: (f(x + h) - f(x)) / h
    yield "backward difference", lambda f, x, h=1e-5: (f(x) - f(x - h)) / h
    yield "divided by h, not 2h", lambda f, x, h=1e-5: (f(x + h) - f(x - h)) / h
    yield "the value, not the slope", lambda f, x, h=1e-5: f(x)
    yield "nothing returned", lambda f, x, h=1e-5: None
    # accurate to 1e-8 everywhere, but the h it is given never enters
    yield "forward difference ignoring h", lambda f, x, h=1e-5: (f(x + 1e-8) - f(x)) / 1e-8
    yield "central difference ignoring h", lambda f, x, h=1e-5: (f(x + 1e-5) - f(x - 1e-5)) / 2e-5


def wrong_02(ns):
    right = dict(ns["answers"])
    yield "empty", {}
    yield "partial", {k: right[k] for k in list(right)[:5]}
    yield "1 - a as SubBackward0", {**right, "1 - a": "SubBackward0"}
    yield "2 / a as DivBackward0", {**right, "2 / a": "DivBackward0"}
    yield "2 ** a as PowBackward0", {**right, "2 ** a": "PowBackward0"}
    yield "names without the 0", {k: v.rstrip("0") for k, v in right.items()}
    yield "blank", {k: "" for k in right}


def wrong_03(ns):
    def tree_walk(root):  # counts a shared node once per path
        stack, n = [root.grad_fn], 0
        while stack:
            node = stack.pop()
            if node is None or type(node).__name__ == "AccumulateGrad":
                continue
            n += 1
            stack.extend(m for m, _ in node.next_functions)
        return n

    def with_leaves(root):
        seen, stack = set(), [root.grad_fn]
        while stack:
            node = stack.pop()
            if node is None or id(node) in seen:
                continue
            seen.add(id(node))
            stack.extend(m for m, _ in getattr(node, "next_functions", ()))
        return len(seen)

    def first_input_only(root):
        node, n = root.grad_fn, 0
        while node is not None and type(node).__name__ != "AccumulateGrad":
            n += 1
            node = node.next_functions[0][0] if node.next_functions else None
        return n

    yield "a tree walk without remembering", tree_walk
    yield "the AccumulateGrads counted", with_leaves
    yield "only the first input followed", first_input_only
    yield "always 0", lambda root: 0
    yield "nothing returned", lambda root: None


def wrong_04(ns):
    right = ns["by_hand"]
    yield "upstream forgotten", lambda a, b, c, f: {"a": b, "b": a, "c": 1.0, "f": a * b + c}
    yield "a and b swapped", lambda a, b, c, f: {**right(a, b, c, f), "a": f * a, "b": f * b}
    yield "dL/dc = 1", lambda a, b, c, f: {**right(a, b, c, f), "c": 1.0}
    yield "dL/df = f", lambda a, b, c, f: {**right(a, b, c, f), "f": f}
    yield (
        "a key missing",
        lambda a, b, c, f: {k: v for k, v in right(a, b, c, f).items() if k != "c"},
    )
    yield "empty", lambda a, b, c, f: {}
    # right wherever a*b + c > 0
    yield "dL/df = abs(a*b + c)", lambda a, b, c, f: {**right(a, b, c, f), "f": abs(a * b + c)}
    yield "backward(), not by hand", engine_by_hand(ns["Value"])
    yield "autograd's grad(), not by hand", grad_by_hand(ns["Value"])


def engine_by_hand(Value):
    def by_hand(a, b, c, f):  # the check's own method: right numbers, no hand work
        va, vb, vc, vf = Value(a), Value(b), Value(c), Value(f)
        ((va * vb + vc) * vf).backward()
        return {"a": va.grad, "b": vb.grad, "c": vc.grad, "f": vf.grad}

    return by_hand


def grad_by_hand(Value):
    import tinygrad_edu as torch

    def by_hand(a, b, c, f):
        leaves = [Value(x) for x in (a, b, c, f)]
        va, vb, vc, vf = leaves
        return dict(zip("abcf", torch.autograd.grad([(va * vb + vc) * vf], leaves)))

    return by_hand


def wrong_05(ns):
    yield "the output itself", lambda x, out: (out,)
    yield "1 - out", lambda x, out: (1 - out,)
    yield "the input for the output", lambda x, out: (x * (1 - x),)
    yield "tanh's rule", lambda x, out: (1 - out**2,)
    yield "a bare number", lambda x, out: out * (1 - out)
    yield "an empty tuple", lambda x, out: ()


def wrong_06(ns):
    yield "= for += (the last path only)", lambda x, y: (1.0, x)
    yield "the x*x path counted once", lambda x, y: (x + y + 1, x)
    yield "the + x path forgotten", lambda x, y: (2 * x + y, x)
    yield "swapped", lambda x, y: (x, 2 * x + y + 1)
    yield "one number", lambda x, y: 2 * x + y + 1
    yield "backward(), not by hand", engine_grads(ns["Value"])


def engine_grads(Value):
    def grads(x, y):
        vx, vy = Value(x), Value(y)
        (vx * vx + vx * vy + vx).backward()
        return (vx.grad, vy.grad)

    return grads


def wrong_07(ns):
    Value = ns["Value"]

    def recursive(root):
        order, seen = [], set()

        def visit(v):
            if id(v) in seen or v.grad_fn is None:
                return
            seen.add(id(v))
            for i in v.grad_fn.inputs:
                if isinstance(i, Value):
                    visit(i)
            order.append(v)

        visit(root)
        return order[::-1]

    def inputs_first(root):
        return ns["topo_order"](root)[::-1]

    def with_leaves(root):
        order, seen, stack = [], set(), [(root, False)]
        while stack:
            val, expanded = stack.pop()
            if expanded:
                order.append(val)
            elif id(val) not in seen:
                seen.add(id(val))
                stack.append((val, True))
                if val.grad_fn is not None:
                    stack.extend((i, False) for i in val.grad_fn.inputs if isinstance(i, Value))
        return order[::-1]

    def no_seen_set(root):  # emits a shared node once per path
        order, stack = [], [(root, False)]
        while stack:
            val, expanded = stack.pop()
            if expanded:
                order.append(val)
            elif val.grad_fn is not None:
                stack.append((val, True))
                stack.extend((i, False) for i in val.grad_fn.inputs if isinstance(i, Value))
        return order[::-1]

    yield "recursive (breaks on the deep chain)", recursive
    yield "inputs first", inputs_first
    yield "leaves included", with_leaves
    yield "no seen set", no_seen_set
    yield "empty", lambda root: []


def wrong_08(ns):
    def assign(steps):  # = for +=
        grads = {}
        for s in steps:
            for i in s.inputs:
                if i.value is not None and i.value.grad_fn is None and i.value.requires_grad:
                    grads[i.label] = s.upstream * i.local
        return grads

    def no_upstream(steps):
        grads = {}
        for s in steps:
            for i in s.inputs:
                if i.value is not None and i.value.grad_fn is None and i.value.requires_grad:
                    grads[i.label] = grads.get(i.label, 0.0) + i.local
        return grads

    def every_input(steps):
        grads = {}
        for s in steps:
            for i in s.inputs:
                grads[i.label] = grads.get(i.label, 0.0) + s.upstream * i.local
        return grads

    def no_local(steps):
        grads = {}
        for s in steps:
            for i in s.inputs:
                if i.value is not None and i.value.grad_fn is None and i.value.requires_grad:
                    grads[i.label] = grads.get(i.label, 0.0) + s.upstream
        return grads

    yield "= for +=", assign
    yield "upstream forgotten", no_upstream
    yield "local derivative forgotten", no_local
    yield "inner nodes and constants included", every_input
    yield "empty", lambda steps: {}


def wrong_09(ns):
    right = list(ns["predicted"])
    yield "no grad_fn", ["tensor(4.6667)", right[1]]
    yield "the sum, not the mean", ["tensor(14., grad_fn=<DivBackward0>)", right[1]]
    yield "the /3 forgotten in the grad", [right[0], "tensor([2., 4., 6.])"]
    yield "SumBackward0 for the division", ["tensor(4.6667, grad_fn=<SumBackward0>)", right[1]]
    yield "one line", right[:1]
    yield "empty", []


def wrong_10(ns):
    right = dict(ns["predictions"])
    yield "empty", {}
    yield "partial", {k: right[k] for k in list(right)[:3]}
    yield "detach keeps requires_grad", {**right, "p.detach()": (True, True)}
    yield "c + 1 is not a leaf", {**right, "c + 1": (False, False)}
    yield "p.detach() * p does not require grad", {**right, "p.detach() * p": (False, True)}
    yield "all unknown", {k: (None, None) for k in right}


def wrong_11(ns):
    def no_reset(fn, *values, eps=1e-6, tol=1e-5):
        fn(*values).backward()
        for v in values:
            old = v.data
            v.data = old + eps
            up = fn(*values).data
            v.data = old - eps
            down = fn(*values).data
            v.data = old
            if abs(v.grad - (up - down) / (2 * eps)) > tol * (1 + abs(v.grad)):
                return False
        return True

    def forward(fn, *values, eps=1e-6, tol=1e-5):
        for v in values:
            v.grad = 0.0
        out = fn(*values)
        out.backward()
        for v in values:
            old = v.data
            v.data = old + eps
            up = fn(*values).data
            v.data = old
            if abs(v.grad - (up - out.data) / eps) > tol * (1 + abs(v.grad)):
                return False
        return True

    def first_only(fn, *values, eps=1e-6, tol=1e-5):
        for v in values:
            v.grad = 0.0
        fn(*values).backward()
        v = values[0]  # the other inputs are never nudged
        old = v.data
        v.data = old + eps
        up = fn(*values).data
        v.data = old - eps
        down = fn(*values).data
        v.data = old
        return abs(v.grad - (up - down) / (2 * eps)) <= tol * (1 + abs(v.grad))

    def no_restore(fn, *values, eps=1e-6, tol=1e-5):
        ok = ns["my_gradcheck"](fn, *values, eps=eps, tol=tol)
        values[0].data += eps
        return ok

    yield "grads never reset", no_reset
    yield "forward difference", forward
    yield "only the first input checked", first_only
    yield "the nudge not restored", no_restore
    yield "always True", lambda fn, *values, eps=1e-6, tol=1e-5: True
    yield "always False", lambda fn, *values, eps=1e-6, tol=1e-5: False


def wrong_12(ns):
    Value = ns["Value"]

    def weighted(w, b, x, bias=True):
        total = b if bias else Value(0.0)
        for wi, xi in zip(w, x):
            total = total + wi * xi
        return total

    yield "no bias", lambda w, b, x: weighted(w, b, x, bias=False).tanh()
    yield "relu instead of tanh", lambda w, b, x: weighted(w, b, x).relu()
    yield "sigmoid instead of tanh", lambda w, b, x: weighted(w, b, x).sigmoid()
    yield "no activation", lambda w, b, x: weighted(w, b, x)
    yield "bias after tanh", lambda w, b, x: weighted(w, b, x, bias=False).tanh() + b
    yield "through .data (no graph)", lambda w, b, x: Value(weighted(w, b, x).data).tanh()
    yield "a float", lambda w, b, x: math.tanh(weighted(w, b, x).data)


def wrong_13(ns):
    def ascend(params, lr):
        for p in params:
            p.data += lr * p.grad
            p.grad = 0.0

    def no_zero(params, lr):
        for p in params:
            p.data -= lr * p.grad

    def zero_first(params, lr):
        for p in params:
            p.grad = 0.0
            p.data -= lr * p.grad

    def lr_ignored(params, lr):
        for p in params:
            p.data -= p.grad
            p.grad = 0.0

    yield "+= (uphill)", ascend
    yield "grads not zeroed", no_zero
    yield "zeroed before the step", zero_first
    yield "lr ignored", lr_ignored
    yield "nothing done", lambda params, lr: None


def wrong_14(ns):
    Value, grad = ns["Value"], ns["grad"]

    def first(fn, x0):
        v = Value(x0)
        (d1,) = grad([fn(v)], [v])
        return d1

    def no_create_graph(fn, x0):
        v = Value(x0)
        (d1,) = grad([fn(v)], [v])
        (d2,) = grad([d1], [v])
        return d2

    def as_value(fn, x0):
        v = Value(x0)
        (d1,) = grad([fn(v)], [v], create_graph=True)
        (d2,) = grad([d1], [v], create_graph=True)
        return d2

    def nudged_once(fn, x0, h=1e-5):  # a forward difference of the first derivative
        def d1(x):
            v = Value(x)
            return grad([fn(v)], [v])[0]

        return (d1(x0 + h) - d1(x0)) / h

    yield "the first derivative", first
    yield "without create_graph", no_create_graph
    yield "a Value, not a float", as_value
    yield "a forward difference of the first derivative", nudged_once
    yield "nothing returned", lambda fn, x0: None


def wrong_15(ns):
    yield "exp(v), the numerator only", lambda v: math.exp(v)
    yield "sigmoid(-v)", lambda v: 1 / (1 + math.exp(v))
    yield "the value, not the derivative", lambda v: math.log1p(math.exp(v))
    yield "1 / (1 + exp(v)) ** 2", lambda v: 1 / (1 + math.exp(v)) ** 2
    yield "a Value, not a float", lambda v: ns["Value"](1 / (1 + math.exp(-v)))
    yield "nothing returned", lambda v: None


def wrong_16(ns):
    Value = ns["Value"]

    def total(vals):
        return sum(vals[1:], vals[0])

    def naive(logits, t):  # no max subtracted: overflows on large logits
        exps = [z.exp() for z in logits]
        return total(exps).log() - logits[t]

    def no_log(logits, t):
        m = max(z.data for z in logits)
        exps = [(z - m).exp() for z in logits]
        return -(exps[t] / total(exps))

    def no_minus(logits, t):
        return -ns["cross_entropy"](logits, t)

    def wrong_target(logits, t):
        return ns["cross_entropy"](logits, (t + 1) % len(logits))

    def through_data(logits, t):
        return Value(ns["cross_entropy"](logits, t).data)

    def squared_error(logits, t):
        m = max(z.data for z in logits)
        exps = [(z - m).exp() for z in logits]
        p = [e / total(exps) for e in exps]
        return total([(pk - (k == t)) ** 2 for k, pk in enumerate(p)])

    yield "no max subtracted", naive
    yield "the probability, not its log", no_log
    yield "the minus sign forgotten", no_minus
    yield "the wrong class", wrong_target
    yield "through .data (no graph)", through_data
    yield "squared error on the probabilities", squared_error
    yield "a float", lambda logits, t: ns["cross_entropy"](logits, t).data


def wrong_17(ns):
    def in_order(n, size, rng):
        return [list(range(i, min(i + size, n))) for i in range(0, n, size)]

    def drop_last(n, size, rng):
        return [b for b in ns["minibatches"](n, size, rng) if len(b) == size]

    def with_replacement(n, size, rng):
        flat = [rng.randrange(n) for _ in range(n)]
        return [flat[i : i + size] for i in range(0, n, size)]

    def own_rng(n, size, rng):
        import random

        return ns["minibatches"](n, size, random.Random())

    def one_batch(n, size, rng):
        order = list(range(n))
        rng.shuffle(order)
        return [order]

    def blocks_shuffled_inside(n, size, rng):
        batches = [list(range(i, min(i + size, n))) for i in range(0, n, size)]
        for b in batches:
            rng.shuffle(b)
        return batches

    def block_order_shuffled(n, size, rng):  # the short block kept last: the sizes are right
        batches = [list(range(i, min(i + size, n))) for i in range(0, n, size)]
        full = [b for b in batches if len(b) == size]
        rng.shuffle(full)
        return full + [b for b in batches if len(b) != size]

    yield "not shuffled", in_order
    yield "the last short batch dropped", drop_last
    yield "drawn with replacement", with_replacement
    yield "its own unseeded generator", own_rng
    yield "one batch of everything", one_batch
    yield "empty", lambda n, size, rng: []
    yield "contiguous blocks, each shuffled inside", blocks_shuffled_inside
    yield "the blocks' order shuffled", block_order_shuffled


def wrong_18(ns):
    torch = ns["torch"]

    def transposed(fn, x0):
        rows = ns["jacobian"](fn, x0)
        return [list(col) for col in zip(*rows)]

    def summed(fn, x0):  # one backward with ones: the column sums, not the rows
        x = torch.tensor(x0, dtype=torch.float64, requires_grad=True)
        y = fn(x)
        y.backward(gradient=torch.ones(y.shape[0], dtype=torch.float64))
        return [x.grad.tolist()] * y.shape[0]

    def accumulated(fn, x0):  # backward per row without clearing x.grad
        x = torch.tensor(x0, dtype=torch.float64, requires_grad=True)
        y = fn(x)
        rows = []
        for i in range(y.shape[0]):
            y[i].backward(retain_graph=True)
            rows.append(x.grad.tolist())
        return rows

    def no_retain(fn, x0):
        x = torch.tensor(x0, dtype=torch.float64, requires_grad=True)
        y = fn(x)
        return [torch.autograd.grad(y[i], x)[0].tolist() for i in range(y.shape[0])]

    def first_row_only(fn, x0):
        return ns["jacobian"](fn, x0)[:1]

    yield "transposed", transposed
    yield "one backward with ones", summed
    yield "x.grad accumulated across rows", accumulated
    yield "retain_graph forgotten", no_retain
    yield "the first row only", first_row_only
    yield "nothing returned", lambda fn, x0: None


# --- lessons 19 to 23: the student's own engine ------------------------------------------------
# A wrong engine is the lesson's own solution with one line changed (``mutant``): the mistake
# is then the only difference, and SHOWS says which test point of the check must catch it.


def solution_source(prefix: str) -> str:
    (path,) = LESSONS.glob(f"{prefix}_*.py")
    text = path.read_text(encoding="utf-8")
    return text.split("# BEGIN SOLUTION\n", 1)[1].split("# END SOLUTION\n", 1)[0]


def mutant(ns, prefix: str, name: str, *changes: tuple[str, str]):
    """The lesson's solution with each ``(old, new)`` replaced once, run in the lesson's
    namespace; returns what it defines under ``name``."""
    source = solution_source(prefix)
    for old, new in changes:
        assert source.count(old) >= 1, (prefix, old)
        source = source.replace(old, new, 1)
    scope = dict(ns)
    exec(compile(source, f"<lesson {prefix}, changed>", "exec"), scope)
    return scope[name]


def wrong_19(ns):
    def value(*changes):
        return mutant(ns, "19", "Value", *changes)

    add = 'return Value(self.data + other.data, (self, other), "+")'
    wrap = "other = other if isinstance(other, Value) else Value(other)\n"
    yield "tanh(x/2): e^x for e^(2x)", value(("math.exp(2 * self.data)", "math.exp(self.data)"))
    yield "+ in place", value((add, "self.data += other.data\n        return self"))
    yield "+ records no inputs", value(('(self, other), "+"', '(), "+"'))
    yield "tanh records no input", value(('(self,), "tanh"', '(), "tanh"'))
    yield "* named 'mul'", value(('"*")', '"mul")'))
    yield "+ returns a float", value((add, "return self.data + other.data"))
    yield (
        "a number on the right of * refused",
        value(
            (
                wrap + "        return Value(self.data * other.data",
                "return Value(self.data * other.data",
            )
        ),
    )
    yield (
        "a number kept as a float in _prev",
        value((wrap + "        " + add,
               'd = other.data if isinstance(other, Value) else other\n'
               '        return Value(self.data + d, (self, other), "+")')),
    )  # fmt: skip


def wrong_20(ns):
    def value(*changes):
        return mutant(ns, "20", "Value", *changes)

    yield (
        "= for += in +",
        value(
            ("self.grad += 1.0 * out.grad", "self.grad = 1.0 * out.grad"),
            ("other.grad += 1.0 * out.grad", "other.grad = 1.0 * out.grad"),
        ),
    )
    yield (
        "= for += in *",
        value(
            ("self.grad += other.data", "self.grad = other.data"),
            ("other.grad += self.data", "other.grad = self.data"),
        ),
    )
    yield "= for += in tanh", value(("self.grad += (1 - t**2)", "self.grad = (1 - t**2)"))
    yield (
        "*'s rule not swapped",
        value(
            ("self.grad += other.data", "self.grad += self.data"),
            ("other.grad += self.data", "other.grad += other.data"),
        ),
    )
    yield "+ forgets the upstream", value(("1.0 * out.grad", "1.0"), ("1.0 * out.grad", "1.0"))
    yield (
        "* forgets the upstream",
        value(("other.data * out.grad", "other.data"), ("self.data * out.grad", "self.data")),
    )
    yield "tanh's rule on the input", value(("(1 - t**2)", "(1 - self.data**2)"))
    yield "tanh's rule 1 - t", value(("(1 - t**2)", "(1 - t)"))
    yield "tanh forgets the upstream", value(("(1 - t**2) * out.grad", "(1 - t**2)"))
    yield "the grad put on out", value(("self.grad += (1 - t**2) * out.grad",
                                        "out.grad += (1 - t**2) * self.grad"))  # fmt: skip


def wrong_21(ns):
    def breadth_first(root):
        root.grad = 1.0
        for v in ns["breadth_first"](root):
            v._backward()

    def preorder(root):  # each node when a depth-first walk first meets it
        root.grad, seen, stack = 1.0, set(), [root]
        while stack:
            v = stack.pop()
            if id(v) not in seen:
                seen.add(id(v))
                v._backward()
                stack.extend(v._prev)

    def postorder(root, *, seen_set=True, reverse=True, seed=True):
        order, seen, stack = [], set(), [(root, False)]
        while stack:
            v, expanded = stack.pop()
            if expanded:
                order.append(v)
            elif not seen_set or id(v) not in seen:
                seen.add(id(v))
                stack.append((v, True))
                stack.extend((p, False) for p in v._prev)
        if seed:
            root.grad = 1.0
        for v in reversed(order) if reverse else order:
            v._backward()

    def recursive(root):  # the lecture's build_topo
        topo, visited = [], set()

        def build_topo(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)

        build_topo(root)
        root.grad = 1.0
        for v in reversed(topo):
            v._backward()

    def calls_down(root):  # each node's _backward, then its inputs', with no order at all
        def down(v):
            v._backward()
            for p in v._prev:
                down(p)

        root.grad = 1.0
        down(root)

    yield "breadth first", breadth_first
    yield "depth first, each node when first met", preorder
    yield "no seen set", lambda root: postorder(root, seen_set=False)
    yield "inputs first (not reversed)", lambda root: postorder(root, reverse=False)
    yield "no seed", lambda root: postorder(root, seed=False)
    yield "recursive (the lecture's build_topo)", recursive
    yield "every path walked, no order", calls_down


def wrong_22(ns):
    def value(*changes):
        return mutant(ns, "22", "Value", *changes)

    direct = "return self * other**-1"
    yield "exp's rule on the input", value(("out.data * out.grad", "self.data * out.grad"))
    yield "exp forgets the upstream", value(("out.data * out.grad", "out.data"))
    yield "= for += in exp", value(("self.grad += out.data", "self.grad = out.data"))
    yield "pow's rule n * x**n", value(("n * self.data ** (n - 1)", "n * self.data**n"))
    yield (
        "pow's rule (n - 1) * x**(n - 1)",
        value(("n * self.data ** (n - 1)", "(n - 1) * self.data ** (n - 1)")),
    )
    yield (
        "pow forgets the upstream",
        value(("n * self.data ** (n - 1) * out.grad", "n * self.data ** (n - 1)")),
    )
    yield "= for += in pow", value(("self.grad += n *", "self.grad = n *"))
    yield "pow's forward x * n", value(("Value(self.data**n,", "Value(self.data * n,"))
    yield (
        "/ sends nothing to the divisor",
        value(
            (
                direct,
                'out = Value(self.data / other.data, (self, other), "/")\n\n'
                "        def _backward():\n"
                "            self.grad += out.grad / other.data\n\n"
                "        out._backward = _backward\n"
                "        return out",
            )
        ),
    )
    yield (
        "/ with the divisor's sign wrong",
        value(
            (
                direct,
                'out = Value(self.data / other.data, (self, other), "/")\n\n'
                "        def _backward():\n"
                "            self.grad += out.grad / other.data\n"
                "            other.grad += self.data / other.data**2 * out.grad\n\n"
                "        out._backward = _backward\n"
                "        return out",
            )
        ),
    )
    yield "= for += in /", value((direct,
        'out = Value(self.data / other.data, (self, other), "/")\n\n'
        "        def _backward():\n"
        "            self.grad = out.grad / other.data\n"
        "            other.grad = -self.data / other.data**2 * out.grad\n\n"
        "        out._backward = _backward\n"
        "        return out"))  # fmt: skip


def wrong_23(ns):
    squared_error = ns["squared_error"]

    def zeroed_too_late(model, xs, ys, lr):  # after backward: the step moves nothing
        loss = squared_error([model(x) for x in xs], ys)
        loss.backward()
        for p in model.parameters():
            p.grad = 0.0
            p.data -= lr * p.grad
        return loss.data

    def uphill(model, xs, ys, lr):
        loss = squared_error([model(x) for x in xs], ys)
        for p in model.parameters():
            p.grad = 0.0
        loss.backward()
        for p in model.parameters():
            p.data += lr * p.grad
        return loss.data

    def lr_ignored(model, xs, ys, lr):
        return ns["train_step"](model, xs, ys, 1.0)

    def loss_after(model, xs, ys, lr):
        ns["train_step"](model, xs, ys, lr)
        return squared_error([model(x) for x in xs], ys).data

    def last_layer_zeroed(model, xs, ys, lr):
        loss = squared_error([model(x) for x in xs], ys)
        for p in model.layers[-1].parameters():
            p.grad = 0.0
        loss.backward()
        for p in model.parameters():
            p.data -= lr * p.grad
        return loss.data

    def the_value(model, xs, ys, lr):
        loss = squared_error([model(x) for x in xs], ys)
        ns["train_step"](model, xs, ys, lr)
        return loss

    yield "grads not zeroed", ns["forgetful_step"]
    yield "zeroed after backward", zeroed_too_late
    yield "uphill (+=)", uphill
    yield "lr ignored", lr_ignored
    yield "the loss after the step", loss_after
    yield "only the last layer zeroed", last_layer_zeroed
    yield "the loss as a Value", the_value
    yield "nothing returned", lambda model, xs, ys, lr: None


# which test point of the check shows each mistake: a fragment of its message
SHOWS = {
    "19": {
        "tanh(x/2): e^x for e^(2x)": "(tanh(a)).data at a=0.5",
        "+ in place": "the inputs after a + b",
        "+ records no inputs": "(a + b)._prev",
        "tanh records no input": "(tanh(a))._prev",
        "* named 'mul'": "(a * b)._op",
        "+ returns a float": "a + b at a=2.0, b=-3.0: expected a new Value",
        "a number on the right of * refused": "a * 0.5",
        "a number kept as a float in _prev": "(a + 1.5)._prev",
    },
    "20": {
        "= for += in +": "d(a + a)/da",
        "= for += in *": "d(a * a)/da",
        "= for += in tanh": "d(tanh(a) + a)/da",
        "*'s rule not swapped": "d(a * b)/da",
        "+ forgets the upstream": "d((a*b + c) * f)/da",
        "* forgets the upstream": "d((a*b + c) * f)/da",
        "tanh's rule on the input": "d(tanh(a) * b)/da",
        "tanh's rule 1 - t": "d(tanh(a) * b)/da",
        "tanh forgets the upstream": "d(tanh(a) * b)/da",
        "the grad put on out": "d(tanh(a) * b)/da",
    },
    "21": {
        "breadth first": "d(e * tanh(tanh(e)), e = a*b)/da",
        "depth first, each node when first met": "e = a*b",
        "no seen set": "e = a*b",
        "inputs first (not reversed)": "d((a*b + c) * f)/da",
        "no seed": "the output's grad",
        "recursive (the lecture's build_topo)": "RecursionError",
        "every path walked, no order": "e = a*b",
    },
    "22": {
        "exp's rule on the input": "d(exp(a))/da",
        "exp forgets the upstream": "d(exp(a) * b)/da",
        "= for += in exp": "d(exp(a) + a)/da",
        "pow's rule n * x**n": "d(a ** 3)/da",
        "pow's rule (n - 1) * x**(n - 1)": "d(a ** 3)/da",
        "pow forgets the upstream": "d(a ** 3 * b)/da",
        "= for += in pow": "d(a ** 2 + a)/da",
        "pow's forward x * n": "a ** 3 at a=-1.5, as",
        "/ sends nothing to the divisor": "d(a / b)/db",
        "/ with the divisor's sign wrong": "d(a / b)/db",
        "= for += in /": "d(a / a)/da",
    },
    "23": {
        "grads not zeroed": "step 2",
        "zeroed after backward": "after step 1",
        "uphill (+=)": "after step 1",
        "lr ignored": "after step 1",
        "the loss after the step": "the loss at step 1",
        "only the last layer zeroed": "after step 2",
        "the loss as a Value": "train_step's return, step 1",
        "nothing returned": "train_step's return, step 1",
    },
}


CHECKS = {
    "01": ("check_central_difference", "central_difference", wrong_01),
    "02": ("check_names", "answers", wrong_02),
    "03": ("check_count_nodes", "count_nodes", wrong_03),
    "04": ("check_by_hand", "by_hand", wrong_04),
    "05": ("check_sigmoid_rule", "sigmoid_rule", wrong_05),
    "06": ("check_grads", "grads", wrong_06),
    "07": ("check_topo_order", "topo_order", wrong_07),
    "08": ("check_replay", "replay", wrong_08),
    "09": ("check_prediction", "predicted", wrong_09),
    "10": ("check_flags", "predictions", wrong_10),
    "11": ("check_my_gradcheck", "my_gradcheck", wrong_11),
    "12": ("check_tanh_neuron", "tanh_neuron", wrong_12),
    "13": ("check_sgd_step", "sgd_step", wrong_13),
    "14": ("check_second_derivative", "second_derivative", wrong_14),
    "15": ("check_softplus_rule", "softplus_rule", wrong_15),
    "16": ("check_cross_entropy", "cross_entropy", wrong_16),
    "17": ("check_minibatches", "minibatches", wrong_17),
    "18": ("check_jacobian", "jacobian", wrong_18),
    "19": ("check_value", "Value", wrong_19),
    "20": ("check_backward", "Value", wrong_20),
    "21": ("check_backward_pass", "backward", wrong_21),
    "22": ("check_more_ops", "Value", wrong_22),
    "23": ("check_train_step", "train_step", wrong_23),
}


@pytest.mark.parametrize("prefix", sorted(CHECKS))
def test_the_reference_solution_passes(prefix, tmp_path_factory):
    check, answer, _ = CHECKS[prefix]
    ns = lesson(prefix, tmp_path_factory)
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        ns[check](ns[answer])
    assert f"{check}:" in printed.getvalue()


@pytest.mark.parametrize("prefix", sorted(CHECKS))
def test_every_wrong_answer_is_rejected_with_what_was_expected(prefix, tmp_path_factory):
    check, _, wrongs = CHECKS[prefix]
    ns = lesson(prefix, tmp_path_factory)
    cases = list(wrongs(ns))
    assert len(cases) >= 4, "feed each check several wrong answers"
    for name, answer in cases:
        try:
            rejected(ns[check], answer)
        except BaseException as e:
            raise AssertionError(f"lesson {prefix}, {name!r} was not rejected properly: {e}") from e


def test_every_lesson_with_an_exercise_has_its_wrong_answers_here():
    lessons = sorted(p.name[:2] for p in LESSONS.glob("[0-9][0-9]_*.py"))
    assert sorted(CHECKS) == lessons


@pytest.mark.parametrize("prefix", sorted(CHECKS))
def test_the_students_blank_runs_and_fails_its_check(prefix, tmp_path_factory):
    check, answer, _ = CHECKS[prefix]
    ns = lesson(prefix, tmp_path_factory)
    (path,) = LESSONS.glob(f"{prefix}_*.py")
    text = path.read_text(encoding="utf-8")
    student = student_version(text)
    assert "# BEGIN SOLUTION" in text and "BEGIN SOLUTION" not in student
    # the blank's code: what the student version has in place of each solution
    blank = "\n".join(
        line.strip()[len("# BLANK ") :] for line in text.splitlines() if line.startswith("# BLANK")
    )
    assert blank.strip(), "a solution needs a blank for the student"
    scope = dict(ns)
    exec(blank, scope)
    message = rejected(ns[check], scope[answer])
    assert len(message) < 2000


@pytest.mark.parametrize("prefix", sorted(SHOWS))
def test_each_engine_mistake_is_caught_where_it_shows_in_one_line(prefix, tmp_path_factory):
    from tinygrad_edu_lessons.exercise import WrongAnswerError, verdict

    check, _, wrongs = CHECKS[prefix]
    ns = lesson(prefix, tmp_path_factory)
    cases = dict(wrongs(ns))
    assert sorted(cases) == sorted(SHOWS[prefix])
    for name, answer in cases.items():
        with contextlib.redirect_stdout(io.StringIO()), pytest.raises(WrongAnswerError) as e:
            ns[check](answer)
        line = verdict(e.value)
        assert "\n" not in line and line.startswith(f"{check}: wrong answer: "), (name, line)
        assert SHOWS[prefix][name] in line, (name, line)


# --- a right answer written another way passes ------------------------------------------------


def right_01(ns):
    yield "halved after dividing", lambda f, x, h=1e-5: 0.5 * (f(x + h) - f(x - h)) / h
    yield (
        "the two one-sided halves averaged",
        lambda f, x, h=1e-5: (f(x + h) - f(x)) / (2 * h) + (f(x) - f(x - h)) / (2 * h),
    )


def right_04(ns):
    def formulas(a, b, c, f):  # straight from the chain rule, no inner names
        grad = {}  # a dict named grad is still by hand
        grad["a"], grad["b"] = f * b, f * a
        grad["c"], grad["f"] = f, a * b + c
        return grad

    yield "the formulas directly", formulas
    yield (
        "keys in another order",
        lambda a, b, c, f: {"f": a * b + c, "c": f, "b": f * a, "a": f * b},
    )


def right_02(ns):
    yield "keys in another order", dict(reversed(list(ns["answers"].items())))


def right_09(ns):
    yield "a tuple", tuple(ns["predicted"])


def right_10(ns):
    yield "lists for pairs", {k: list(v) for k, v in ns["predictions"].items()}


def right_17(ns):
    def sampled(n, size, rng):
        order = rng.sample(range(n), n)
        batches = []
        while order:
            batches.append(order[:size])
            order = order[size:]
        return batches

    yield "rng.sample, cut in a loop", sampled


def right_19(ns):
    def value(*changes):
        return mutant(ns, "19", "Value", *changes)

    yield (
        "math.tanh",
        value(
            (
                "e = math.exp(2 * self.data)\n        return Value((e - 1) / (e + 1)",
                "return Value(math.tanh(self.data)",
            )
        ),
    )
    yield "type(self) and the sum the other way round", value(
        ('return Value(self.data + other.data, (self, other), "+")',
         'return type(self)(other.data + self.data, [other, self], "+")'))  # fmt: skip


def right_20(ns):
    def value(*changes):
        return mutant(ns, "20", "Value", *changes)

    yield (
        "grad = grad + share",
        value(
            ("self.grad += 1.0 * out.grad", "self.grad = self.grad + out.grad"),
            ("other.grad += 1.0 * out.grad", "other.grad = out.grad + other.grad"),
        ),
    )
    yield "tanh's rule from out.data, factored", value(
        ("(1 - t**2) * out.grad", "(1 - out.data) * (1 + out.data) * out.grad"))  # fmt: skip


def right_21(ns):
    def kahn(root):  # count each node's consumers; a node is ready when all have run
        consumers, stack, seen = {}, [root], {id(root)}
        while stack:
            v = stack.pop()
            for p in v._prev:
                consumers[id(p)] = consumers.get(id(p), 0) + 1
                if id(p) not in seen:
                    seen.add(id(p))
                    stack.append(p)
        root.grad, ready = 1.0, [root]
        while ready:
            v = ready.pop()
            v._backward()
            for p in v._prev:
                consumers[id(p)] -= 1
                if consumers[id(p)] == 0:
                    ready.append(p)

    def two_sets(root):
        order, visited, done, stack = [], set(), set(), [root]
        while stack:
            v = stack[-1]
            if v in done:
                stack.pop()
                continue
            visited.add(v)
            todo = [p for p in v._prev if p not in visited]
            if todo:
                stack.extend(todo)
            else:
                stack.pop()
                done.add(v)
                order.append(v)
        root.grad = 1.0
        for v in order[::-1]:
            v._backward()

    yield "Kahn's algorithm", kahn
    yield "a stack with visited and done sets", two_sets


def right_22(ns):
    def value(*changes):
        return mutant(ns, "22", "Value", *changes)

    yield (
        "/ with its own rule",
        value(
            (
                "return self * other**-1",
                "other = other if isinstance(other, Value) else Value(other)\n"
                '        out = Value(self.data / other.data, (self, other), "/")\n\n'
                "        def _backward():\n"
                "            self.grad += out.grad / other.data\n"
                "            other.grad -= self.data / other.data**2 * out.grad\n\n"
                "        out._backward = _backward\n"
                "        return out",
            )
        ),
    )
    yield "e ** x and the rule from the output", value(
        ("Value(math.exp(self.data),", "Value(math.e**self.data,"),
        ("n * self.data ** (n - 1) * out.grad", "n * out.data / self.data * out.grad"))  # fmt: skip


def right_23(ns):
    squared_error = ns["squared_error"]

    def zero_after(model, xs, ys, lr):  # the grads start at 0 and are zeroed after each step
        loss = squared_error([model(x) for x in xs], ys)
        loss.backward()
        for p in model.parameters():
            p.data = p.data - lr * p.grad
            p.grad = 0
        return float(loss.data)

    yield "zeroed after the step", zero_after


RIGHT = {"01": right_01, "02": right_02, "04": right_04, "09": right_09, "10": right_10}
RIGHT["17"] = right_17
RIGHT.update({"19": right_19, "20": right_20, "21": right_21, "22": right_22, "23": right_23})


@pytest.mark.parametrize("prefix", sorted(RIGHT))
def test_a_right_answer_written_differently_passes(prefix, tmp_path_factory):
    check, _, _ = CHECKS[prefix]
    ns = lesson(prefix, tmp_path_factory)
    for name, answer in RIGHT[prefix](ns):
        with contextlib.redirect_stdout(io.StringIO()) as printed:
            try:
                ns[check](answer)
            except AssertionError as e:
                raise AssertionError(f"lesson {prefix}, {name!r} was rejected: {e}") from e
        assert printed.getvalue().startswith(f"{check}: "), name


# --- predictions stay secret until reveal() ---------------------------------------------------

PREDICTIONS = {"02": "answers", "09": "predicted", "10": "predictions"}


def _truth(prefix, ns) -> dict:
    right = ns[PREDICTIONS[prefix]]
    return dict(zip(["print(q)", "print(x.grad)"], right)) if prefix == "09" else dict(right)


@pytest.mark.parametrize("prefix", sorted(PREDICTIONS))
def test_a_wrong_prediction_is_named_but_not_answered(prefix, tmp_path_factory, monkeypatch):
    monkeypatch.delenv("TINYGRAD_EDU_REVEAL", raising=False)
    check, _, wrongs = CHECKS[prefix]
    ns = lesson(prefix, tmp_path_factory)
    truth = _truth(prefix, ns)
    for name, answer in wrongs(ns):
        message = rejected(ns[check], answer)
        given = answer if isinstance(answer, dict) else dict(zip(truth, answer))
        for key, right in truth.items():
            if given.get(key) != right:  # never shown where the prediction missed it
                assert repr(right) not in message and f"'{right}'" not in message, (name, message)


@pytest.mark.parametrize("prefix", sorted(PREDICTIONS))
def test_a_blank_prediction_asks_for_predictions(prefix, tmp_path_factory):
    check, answer, _ = CHECKS[prefix]
    ns = lesson(prefix, tmp_path_factory)
    (path,) = LESSONS.glob(f"{prefix}_*.py")
    blank = "\n".join(
        line.strip()[len("# BLANK ") :]
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("# BLANK")
    )
    scope = dict(ns)
    exec(blank, scope)
    message = rejected(ns[check], scope[answer])
    assert message.startswith("fill in your predictions: "), message
    for right in _truth(prefix, ns).values():
        assert repr(right) not in message


@pytest.mark.parametrize("prefix", sorted(PREDICTIONS))
def test_reveal_and_the_teachers_flag_show_the_answers(prefix, tmp_path_factory, monkeypatch):
    from tinygrad_edu_lessons.exercise import reveal

    check, _, wrongs = CHECKS[prefix]
    ns = lesson(prefix, tmp_path_factory)
    truth = _truth(prefix, ns)
    one_wrong = {"02": "1 - a as SubBackward0", "09": "no grad_fn", "10": "c + 1 is not a leaf"}
    (answer,) = [a for n, a in wrongs(ns) if n == one_wrong[prefix]]
    monkeypatch.setenv("TINYGRAD_EDU_REVEAL", "1")
    message = rejected(ns[check], answer)
    assert "the answers are" in message
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        reveal()
    for key, right in truth.items():
        assert f"{key}: {right!r}" in printed.getvalue()


def test_lesson_08s_blank_does_not_print_the_leaf_grads(tmp_path_factory):
    ns = lesson("08", tmp_path_factory)

    def blank(steps):
        raise NotImplementedError("Exercise 8.1: return {leaf label: grad} from the steps")

    message = rejected(ns["check_replay"], blank)
    assert "keys [" in message
    assert re.search(r"\d\.\d", message.split(", got")[0]) is None, message  # no grad in it
