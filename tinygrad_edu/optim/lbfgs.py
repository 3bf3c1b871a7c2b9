"""``torch.optim.LBFGS``: limited-memory BFGS, a quasi-Newton method that calls the loss again
(``step(closure)``) as often as it needs, with an optional strong-Wolfe line search.

Its state is global (kept under the first parameter, as PyTorch keeps it): the recent steps
``s`` and grad changes ``y`` whose two-loop recursion turns the grad into a direction. The
arithmetic is PyTorch's, on tensors: the dot products and the 0-dim numbers (``ys``, ``gtd``,
the interpolation's) in the parameters' dtype.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([1.5, -0.5], requires_grad=True)
>>> opt = torch.optim.LBFGS([x], line_search_fn="strong_wolfe")
>>> def closure():
...     opt.zero_grad()
...     loss = ((x - torch.tensor([0.5, 2.0])) ** 2).sum()
...     loss.backward()
...     return loss
>>> _ = opt.step(closure)
>>> [round(v, 4) for v in x.tolist()]
[0.5, 2.0]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .._tensor.ops.reductions import cat
from .._tensor.tensor import Tensor
from ..core.grad_mode import enable_grad, no_grad
from .optimizer import Optimizer

__all__ = ["LBFGS"]


def _cubic_min(x1: Any, f1: Any, g1: Any, x2: Any, f2: Any, g2: Any,
               bounds: tuple[Any, Any] | None = None) -> Any:  # fmt: skip
    """The minimiser of the cubic through (x1, f1) and (x2, f2) with slopes g1 and g2, kept in
    ``bounds`` (the two points' interval by default); their midpoint when it has none."""
    lo, hi = bounds if bounds is not None else ((x1, x2) if x1 <= x2 else (x2, x1))
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    disc = d1**2 - g1 * g2
    if not disc >= 0:
        return (lo + hi) / 2.0
    d2 = disc.sqrt() if isinstance(disc, Tensor) else disc**0.5
    if x1 <= x2:
        at = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
    else:
        at = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
    return min(max(at, lo), hi)


def _number(loss: Any) -> float:
    # under no_grad, as PyTorch's float(loss) there: no warning about a grad being lost
    return float(loss.detach()) if isinstance(loss, Tensor) else float(loss)


class _Point:
    """One trial step of the line search: its length, loss, grad and slope along d."""

    __slots__ = ("f", "g", "gtd", "t")

    def __init__(self, t: Any, f: float, g: Tensor, gtd: Any) -> None:
        self.t, self.f, self.g, self.gtd = t, f, g, gtd


def _strong_wolfe(
    evaluate: Callable[[Any], tuple[float, Tensor]], t: Any, d: Tensor, f: float, g: Tensor,
    gtd: Any, c1: float = 1e-4, c2: float = 0.9, tolerance_change: float = 1e-9,
    max_ls: int = 25,
) -> tuple[float, Tensor, Any, int]:  # fmt: skip
    """A step length along ``d`` meeting the strong Wolfe conditions (sufficient decrease,
    small slope), found by bracketing and then zooming with cubic interpolation:
    ``(loss, grad, t, evaluations)``."""
    d_norm = d.abs().max()
    start = _Point(0, f, g.clone(), gtd)
    f_new, g_new = evaluate(t)
    evals, it = 1, 0
    prev, new = start, _Point(t, f_new, g_new, g_new.dot(d))
    bracket: list[_Point] = []
    done = False
    # 1. widen the step until an interval that holds a good one is found
    while it < max_ls:
        if new.f > f + c1 * new.t * gtd or (it > 1 and new.f >= prev.f):
            bracket = [prev, _Point(new.t, new.f, new.g.clone(), new.gtd)]
            break
        if abs(new.gtd) <= -c2 * gtd:
            bracket, done = [new], True
            break
        if new.gtd >= 0:
            bracket = [prev, _Point(new.t, new.f, new.g.clone(), new.gtd)]
            break
        step = _cubic_min(prev.t, prev.f, prev.gtd, new.t, new.f, new.gtd,
                          (new.t + 0.01 * (new.t - prev.t), new.t * 10))  # fmt: skip
        prev = _Point(new.t, new.f, new.g.clone(), new.gtd)
        f_new, g_new = evaluate(step)
        new = _Point(step, f_new, g_new, g_new.dot(d))
        evals, it = evals + 1, it + 1
    if it == max_ls:
        bracket = [_Point(0, f, g, None), _Point(new.t, new.f, new.g, None)]
    # 2. zoom into the interval
    stuck = False
    low, high = (0, 1) if bracket[0].f <= bracket[-1].f else (1, 0)
    while not done and it < max_ls:
        a, b = bracket
        if abs(b.t - a.t) * d_norm < tolerance_change:
            break
        t = _cubic_min(a.t, a.f, a.gtd, b.t, b.f, b.gtd)
        top, bottom = max(a.t, b.t), min(a.t, b.t)
        eps = 0.1 * (top - bottom)
        if min(top - t, t - bottom) < eps:  # too near an end: move away, once stuck
            if stuck or t >= top or t <= bottom:
                t = top - eps if abs(t - top) < abs(t - bottom) else bottom + eps
                stuck = False
            else:
                stuck = True
        else:
            stuck = False
        f_new, g_new = evaluate(t)
        new = _Point(t, f_new, g_new.clone(), g_new.dot(d))
        evals, it = evals + 1, it + 1
        if new.f > f + c1 * t * gtd or new.f >= bracket[low].f:
            bracket[high] = new
            low, high = (0, 1) if bracket[0].f <= bracket[1].f else (1, 0)
        else:
            if abs(new.gtd) <= -c2 * gtd:
                done = True
            elif new.gtd * (bracket[high].t - bracket[low].t) >= 0:
                bracket[high] = bracket[low]
            bracket[low] = new
    best = bracket[low]
    return best.f, best.g, best.t, evals


class LBFGS(Optimizer):
    """L-BFGS over all the parameters as one flat vector (one group only); ``step`` needs the
    closure and runs up to ``max_iter`` iterations, ``max_eval`` loss evaluations."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1,
        max_iter: int = 20,
        max_eval: int | None = None,
        tolerance_grad: float = 1e-7,
        tolerance_change: float = 1e-9,
        history_size: int = 100,
        line_search_fn: str | None = None,
    ) -> None:
        if not lr >= 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if max_eval is None:
            max_eval = max_iter * 5 // 4
        defaults = {"lr": lr, "max_iter": max_iter, "max_eval": max_eval,
                    "tolerance_grad": tolerance_grad, "tolerance_change": tolerance_change,
                    "history_size": history_size, "line_search_fn": line_search_fn}  # fmt: skip
        super().__init__(params, defaults)
        if len(self.param_groups) != 1:
            raise ValueError("LBFGS doesn't support per-parameter options (parameter groups)")
        self.params: list[Tensor] = self.param_groups[0]["params"]

    def _flat_grad(self) -> Tensor:
        return cat([p.grad.reshape(-1) if p.grad is not None else p.new_zeros(p.numel())
                    for p in self.params], 0)  # fmt: skip

    def _move(self, t: Any, d: Tensor) -> None:
        at = 0
        for p in self.params:
            n = p.numel()
            p.add_(d[at : at + n].view_as(p), alpha=float(t))
            at += n

    def _evaluate(self, closure: Callable[[], Any], x: list[Tensor], t: Any,
                  d: Tensor) -> tuple[float, Tensor]:  # fmt: skip
        self._move(t, d)
        loss = _number(closure())
        g = self._flat_grad()
        for p, data in zip(self.params, x):
            p.copy_(data)
        return loss, g

    def step(self, closure: Callable[[], Any] | None = None) -> Any:  # type: ignore[override]
        """Up to ``max_iter`` L-BFGS iterations; returns the closure's first loss."""
        if closure is None:
            raise TypeError("LBFGS.step() missing 1 required positional argument: 'closure'")
        self.step_called = True

        def evaluate() -> Any:
            with enable_grad():
                return closure()

        with no_grad():
            return self._iterate(evaluate)

    def _iterate(self, closure: Callable[[], Any]) -> Any:
        group = self.param_groups[0]
        lr, max_iter, max_eval = group["lr"], group["max_iter"], group["max_eval"]
        tol_grad, tol_change = group["tolerance_grad"], group["tolerance_change"]
        state = self.state[self.params[0]]
        state.setdefault("func_evals", 0)
        state.setdefault("n_iter", 0)
        orig_loss = closure()
        loss = _number(orig_loss)
        evals = 1
        state["func_evals"] += 1
        g = self._flat_grad()
        if g.abs().max() <= tol_grad:
            return orig_loss
        d, t = state.get("d"), state.get("t")
        dirs, steps, ro = state.get("old_dirs"), state.get("old_stps"), state.get("ro")
        h_diag, prev_g = state.get("H_diag"), state.get("prev_flat_grad")
        prev_loss = state.get("prev_loss")
        n = 0
        while n < max_iter:
            n += 1
            state["n_iter"] += 1
            if state["n_iter"] == 1:
                d, dirs, steps, ro, h_diag = g.neg(), [], [], [], 1
            else:
                d, h_diag = self._direction(state, g, prev_g, d, t, dirs, steps, ro, h_diag)
            prev_g = g.clone() if prev_g is None else prev_g.copy_(g)
            prev_loss = loss
            t = min(1.0, 1.0 / g.abs().sum()) * lr if state["n_iter"] == 1 else lr
            gtd = g.dot(d)
            if gtd > -tol_change:
                break
            step_evals = 0
            if group["line_search_fn"] is not None:
                if group["line_search_fn"] != "strong_wolfe":
                    raise RuntimeError("only 'strong_wolfe' is supported")
                x = [p.clone() for p in self.params]
                loss, g, t, step_evals = _strong_wolfe(
                    lambda s, x=x, d=d: self._evaluate(closure, x, s, d), t, d, loss, g, gtd,
                    max_ls=max_eval - evals,
                )  # fmt: skip
                self._move(t, d)
                optimal = g.abs().max() <= tol_grad
            else:
                self._move(t, d)
                optimal = False
                if n != max_iter:  # the last iteration's loss is not evaluated
                    loss = _number(closure())
                    g = self._flat_grad()
                    optimal = g.abs().max() <= tol_grad
                    step_evals = 1
            evals += step_evals
            state["func_evals"] += step_evals
            if n == max_iter or evals >= max_eval or optimal:
                break
            if d.mul(t).abs().max() <= tol_change or abs(loss - prev_loss) < tol_change:
                break
        state.update({"d": d, "t": t, "old_dirs": dirs, "old_stps": steps, "ro": ro,
                      "H_diag": h_diag, "prev_flat_grad": prev_g,
                      "prev_loss": prev_loss})  # fmt: skip
        return orig_loss

    def _direction(self, state: dict[str, Any], g: Tensor, prev_g: Tensor, d: Tensor, t: Any,
                   dirs: list[Tensor], steps: list[Tensor], ro: list[Any],
                   h_diag: Any) -> tuple[Tensor, Any]:  # fmt: skip
        """The history updated with the last step, then the two-loop recursion: the inverse
        Hessian estimate times ``-g``."""
        y, s = g.sub(prev_g), d.mul(t)
        ys = y.dot(s)
        if ys > 1e-10:
            if len(dirs) == self.param_groups[0]["history_size"]:
                dirs.pop(0)
                steps.pop(0)
                ro.pop(0)
            dirs.append(y)
            steps.append(s)
            ro.append(1.0 / ys)
            h_diag = ys / y.dot(y)
        if "al" not in state:
            state["al"] = [None] * self.param_groups[0]["history_size"]
        al = state["al"]
        q = g.neg()
        for i in range(len(dirs) - 1, -1, -1):
            al[i] = steps[i].dot(q) * ro[i]
            q.add_(dirs[i], alpha=-float(al[i]))
        r = q.mul(h_diag)
        for i in range(len(dirs)):
            be = dirs[i].dot(r) * ro[i]
            r.add_(steps[i], alpha=float(al[i] - be))
        return r, h_diag
