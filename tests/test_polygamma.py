"""torch.polygamma and Tensor.polygamma/polygamma_: PyTorch's numbers bit for bit (the lists
below are torch 2.13.0's, float32 and float64, n = 0..4), the gradient
``grad * polygamma(n + 1, x)`` (PolygammaBackward0) against central differences, PyTorch's
errors; the ``parity`` test compares many random points with PyTorch itself."""

from __future__ import annotations

import math
import random

import pytest

import tinygrad_edu as torch

XS = [0.25, 0.5, 1.0, 2.5, 7.0, 11.0, -1.5, -0.3, 40.0, 0.0]
INF = math.inf
CASES = [
    (
        "float32",
        0,
        [
            -4.22745418548584,
            -1.9635108709335327,
            -0.5772159099578857,
            0.7031567692756653,
            1.8727843761444092,
            2.351752758026123,
            0.7031567692756653,
            2.113309860229492,
            3.6763274669647217,
            -INF,
        ],
    ),
    (
        "float32",
        1,
        [
            17.19733238220215,
            4.934802055358887,
            1.644934058189392,
            0.49035775661468506,
            0.15354517102241516,
            0.09516633301973343,
            9.379247665405273,
            13.945158958435059,
            0.02531510591506958,
            INF,
        ],
    ),
    (
        "float32",
        2,
        [
            -129.32774353027344,
            -16.82879638671875,
            -2.40411376953125,
            -0.23620405793190002,
            -0.023530473932623863,
            -0.009049834683537483,
            -0.23620404303073883,
            67.63907623291016,
            -0.0006408202461898327,
            -INF,
        ],
    ),
    (
        "float32",
        3,
        [
            1538.7821044921875,
            97.40908813476562,
            6.493939399719238,
            0.22390584647655487,
            0.0071981982327997684,
            0.0017199012218043208,
            194.5942840576172,
            766.6198120117188,
            3.244139952585101e-05,
            INF,
        ],
    ),
    (
        "float32",
        4,
        [
            -24584.375,
            -771.4742431640625,
            -24.88626480102539,
            -0.31375598907470703,
            -0.003296771552413702,
            -0.0004899311461485922,
            -0.3137561082839966,
            9731.8330078125,
            -2.4633777684357483e-06,
            -INF,
        ],
    ),
    (
        "float64",
        0,
        [
            -4.2274535333762655,
            -1.9635100260214229,
            -0.5772156649015328,
            0.7031566406452431,
            1.872784335098467,
            2.3517525890667215,
            0.7031566406452433,
            2.1133097796353986,
            3.6763273740348428,
            -INF,
        ],
    ),
    (
        "float64",
        1,
        [
            17.19732915341456,
            4.934802202073678,
            1.6449340676383375,
            0.4903577562398206,
            0.1535451779624394,
            0.09516633568196464,
            9.37924664484954,
            13.945160267262267,
            0.025315103841291063,
            INF,
        ],
    ),
    (
        "float64",
        2,
        [
            -129.32773993753688,
            -16.828796644234316,
            -2.404113806319188,
            -0.23620405164172736,
            -0.023530472985855234,
            -0.009049834970802069,
            -0.23620405164172825,
            67.63908119988314,
            -0.0006408202718352985,
            -INF,
        ],
    ),
    (
        "float64",
        3,
        [
            1538.782144009189,
            97.40909103400242,
            6.493939402266829,
            0.2239058488172521,
            0.007198198563125444,
            0.0017199013042898685,
            194.59427621918758,
            766.6198904191684,
            3.24414001515635e-05,
            INF,
        ],
    ),
    (
        "float64",
        4,
        [
            -24584.37538863795,
            -771.474249826668,
            -24.886266123440894,
            -0.3137559995067314,
            -0.003296771589026381,
            -0.0004899311682352868,
            -0.31375599950666083,
            9731.834956233522,
            -2.4633778392772133e-06,
            -INF,
        ],
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-n{c[1]}")
def test_values_are_pytorchs(case):
    dt, n, want = case
    assert torch.polygamma(n, torch.tensor(XS, dtype=getattr(torch, dt))).tolist() == want


@pytest.mark.parametrize("dt", [torch.float32, torch.float64])
def test_the_gradient_is_the_next_polygamma(dt):
    x = torch.tensor([0.5, 2.0, 3.5], dtype=dt, requires_grad=True)
    y = x.polygamma(2)
    assert type(y.grad_fn).__name__ == "PolygammaBackward0"
    y.sum().backward()
    assert x.grad.tolist() == torch.polygamma(3, x.detach()).tolist()
    h = 1e-6
    for k, v in enumerate([0.5, 2.0, 3.5]):
        up = torch.polygamma(2, torch.tensor(v + h, dtype=torch.float64)).item()
        down = torch.polygamma(2, torch.tensor(v - h, dtype=torch.float64)).item()
        assert math.isclose(x.grad[k].item(), (up - down) / (2 * h), rel_tol=1e-4)
    z = torch.tensor([1.0, 2.0], dtype=dt)
    assert z.polygamma_(1) is z and z.tolist() == torch.polygamma(1, torch.tensor(
        [1.0, 2.0], dtype=dt)).tolist()  # fmt: skip


def test_errors_are_pytorchs():
    with pytest.raises(RuntimeError, match=r"polygamma\(n, x\) does not support negative n."):
        torch.polygamma(-1, torch.tensor([1.0]))
    with pytest.raises(TypeError, match=r"argument 'n' \(position 1\) must be int, not float"):
        torch.polygamma(1.5, torch.tensor([1.0]))


@pytest.mark.parity
def test_parity_random_points():
    real = pytest.importorskip("torch")
    rng = random.Random(3)
    for dt in ("float32", "float64"):
        for n in range(6):
            xs = [rng.choice([rng.uniform(-5, 12), rng.uniform(0.01, 3), float(rng.randint(-3, 12)),
                              rng.uniform(20, 300)]) for _ in range(200)]  # fmt: skip
            want = real.polygamma(n, real.tensor(xs, dtype=getattr(real, dt))).tolist()
            got = torch.polygamma(n, torch.tensor(xs, dtype=getattr(torch, dt))).tolist()
            assert [str(v) for v in got] == [str(v) for v in want], (dt, n)
