"""Tensor.cauchy_, log_normal_ and geometric_ draw PyTorch's numbers from the seeded
generator, bit for bit (the lists below are torch 2.13.0's own, printed with repr); every
random fill on a tensor that records a graph is PyTorch's node (NormalBackward0, ...); their
errors are PyTorch's. The ``parity`` test draws with PyTorch itself."""

from __future__ import annotations

import pytest

import tinygrad_edu as torch

# torch.manual_seed(0), then in this order for float32 and again for float64 (each list is
# PyTorch's output):
#   cauchy_() x5, cauchy_(1.5, 0.5) x5, log_normal_() x3, log_normal_(0.5, 2.0) x5,
#   geometric_(0.3) x5, randn(3), log_normal_(mean=1, std=0.25) x20
WANT = {
    "float32": [
        [10.597729682922363, 0.7647672891616821, -0.12829934060573578, 3.9330732822418213,
         0.48998892307281494],
        [2.149418354034424, 0.704447329044342, 1.2474249601364136, 1.63062584400177,
         1.1077027320861816],
        [0.8242588043212891, 3.912094831466675, 0.49000033736228943],
        [14.897722244262695, 0.1935199350118637, 2.1072893142700195, 0.5311902761459351,
         3.4772067070007324],
        [2.0, 1.0, 5.0, 2.0, 7.0],
        [-0.7078776955604553, -0.10643401741981506, -1.2427316904067993],
    ],
    "float64": [
        [-7.709383846216084, 116.18488548843344, 2.51794536604911, 1.085189406219175,
         -0.9636013565679972],
        [0.7623202228070053, 14.501410525071044, 2.102859349159129, 1.2683136608258938,
         1.6049281634991734],
        [6.279125357706068, 2.690011944570216, 2.2504358486970464],
        [0.1742633663301066, 0.4481950120585182, 5.148028954691455, 2.354769516508984,
         24.774844298950633],
        [6.0, 3.0, 1.0, 7.0, 1.0],
        [-0.01122945651004727, 0.4335119383253867, -1.7342501705228996],
    ],
}  # fmt: skip
LOG_NORMAL_20_HEAD = {"float32": [2.4131720066070557, 2.2899279594421387],
                      "float64": [1.9464123591663303, 3.3932019671573586]}  # fmt: skip


def _draws(mod, dt):
    d = getattr(mod, dt)
    return [
        mod.empty(5, dtype=d).cauchy_().tolist(),
        mod.empty(5, dtype=d).cauchy_(1.5, 0.5).tolist(),
        mod.empty(3, dtype=d).log_normal_().tolist(),
        mod.empty(5, dtype=d).log_normal_(0.5, 2.0).tolist(),
        mod.empty(5, dtype=d).geometric_(0.3).tolist(),
        mod.randn(3, dtype=d).tolist(),  # the cached half of log_normal_'s last pair first
        mod.empty(20, dtype=d).log_normal_(mean=1, std=0.25).tolist(),
    ]


def test_draws_are_pytorchs_bit_for_bit():
    torch.manual_seed(0)
    for dt in ("float32", "float64"):
        got = _draws(torch, dt)
        assert got[:6] == WANT[dt]
        assert got[6][:2] == LOG_NORMAL_20_HEAD[dt]


def test_a_generator_and_integer_geometric():
    g = torch.Generator().manual_seed(3)
    assert torch.empty(4, dtype=torch.float64).cauchy_(generator=g).tolist() == [
        -9.296612423680983, -0.7922140324321124, 1.1554372916421074, -1.6326917093936548
    ]  # fmt: skip
    assert torch.empty(4).geometric_(0.5, generator=g).tolist() == [1.0, 1.0, 3.0, 2.0]
    torch.manual_seed(0)
    _draws(torch, "float32")
    _draws(torch, "float64")
    assert (
        str(torch.empty(6, dtype=torch.int64).geometric_(0.2)) == "tensor([ 1, 15,  2,  8,  8,  8])"
    )
    assert torch.empty(3).cauchy_(sigma=2.0).shape == (3,)  # a keyword skipped: its default


ERRORS = [
    (lambda: torch.empty(3).cauchy_(0, 0), RuntimeError,
     "cauchy_ expects sigma > 0.0, but found sigma=0"),
    (lambda: torch.empty(3).log_normal_(0, 0), RuntimeError,
     "log_normal_ expects std > 0.0, but found std=0"),
    (lambda: torch.empty(3).geometric_(1.5), RuntimeError,
     "geometric_ expects p to be in (0, 1), but got p=1.5"),
    (lambda: torch.empty(3, dtype=torch.long).cauchy_(), RuntimeError,
     "Cauchy distribution is a continuous probability distribution. dtype must be a floating "
     "point but you specified long int"),
    (lambda: torch.empty(3, dtype=torch.long).exponential_(), RuntimeError,
     "Exponential distribution is a continuous probability distribution. dtype must be a "
     "floating point but you specified Long"),
    (lambda: torch.empty(3, dtype=torch.long).log_normal_(), NotImplementedError,
     "\"log_normal_cpu\" not implemented for 'Long'"),
    (lambda: torch.empty(3, dtype=torch.bool).geometric_(0.5), NotImplementedError,
     "\"geometric_cpu\" not implemented for 'Bool'"),
    (lambda: torch.empty(3).geometric_(), TypeError,
     'geometric_() missing 1 required positional arguments: "p"'),
]  # fmt: skip


@pytest.mark.parametrize("k", range(len(ERRORS)))
def test_errors_are_pytorchs(k):
    fn, kind, message = ERRORS[k]
    with pytest.raises(kind) as e:
        fn()
    assert str(e.value) == message


FILLS = {"normal_": "NormalBackward0", "uniform_": "UniformBackward0",
         "exponential_": "ExponentialBackward0", "cauchy_": "CauchyBackward0",
         "log_normal_": "LogNormalBackward0", "random_": "RandomBackward2",
         "bernoulli_": "BernoulliBackward2"}  # fmt: skip


@pytest.mark.parametrize("dt", [torch.float32, torch.float64])
def test_a_fill_on_a_graph_is_pytorchs_node_with_zero_gradient(dt):
    x = torch.zeros(3, dtype=dt, requires_grad=True)
    for method, name in FILLS.items():
        y = x * 1
        getattr(y, method)()
        assert type(y.grad_fn).__name__ == name and y._version == 1
    y = x * 1
    y.geometric_(0.5)
    assert type(y.grad_fn).__name__ == "GeometricBackward0"
    y.random_(5)
    assert type(y.grad_fn).__name__ == "RandomBackward1"
    y.random_(2, 5)
    assert type(y.grad_fn).__name__ == "RandomBackward0"
    y.sum().backward()
    assert x.grad.tolist() == [0.0, 0.0, 0.0]
    torch.manual_seed(1)
    before = torch.rand(1).item()
    torch.manual_seed(1)
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
        x.cauchy_()
    assert torch.rand(1).item() == before  # nothing drawn before the error


@pytest.mark.parity
def test_parity_draws():
    real = pytest.importorskip("torch")
    for seed in (0, 1, 1234):
        torch.manual_seed(seed)
        real.manual_seed(seed)
        for dt in ("float32", "float64"):
            assert _draws(torch, dt) == _draws(real, dt)
        for p in (0.01, 0.3, 0.9):
            for dt in ("float32", "float64", "int64", "int32"):
                a = torch.empty(7, dtype=getattr(torch, dt)).geometric_(p).tolist()
                assert a == real.empty(7, dtype=getattr(real, dt)).geometric_(p).tolist()


def test_poisson_draws_pytorchs_counts():
    torch.manual_seed(0)
    r = torch.tensor([1.0, 4.0, 20.0], requires_grad=True)
    p = torch.poisson(r)  # PyTorch 2.13: tensor([ 2.,  5., 17.], grad_fn=<PoissonBackward0>)
    assert str(p) == "tensor([ 2.,  5., 17.], grad_fn=<PoissonBackward0>)"
    p.sum().backward()
    assert r.grad.tolist() == [0.0, 0.0, 0.0]
    assert torch.poisson(torch.tensor([[0.5, 30.0]], dtype=torch.float64)).tolist() == [[0.0, 28.0]]
    g = torch.Generator().manual_seed(1)
    assert torch.poisson(torch.full((3,), 2.0), generator=g).tolist() == [0.0, 1.0, 1.0]
    with pytest.raises(
        RuntimeError, match="invalid Poisson rate, expected rate to be non-negative"
    ):
        torch.poisson(torch.tensor([-1.0]))
    with pytest.raises(NotImplementedError, match="\"poisson_cpu\" not implemented for 'Long'"):
        torch.poisson(torch.tensor([1, 2]))


@pytest.mark.parity
def test_parity_poisson():
    real = pytest.importorskip("torch")
    rates = [0.5, 3.0, 9.9, 10.0, 25.0, 100.0, 0.0, 1e-3, 57.3, 1000.0]
    for seed in range(30):
        for dt in ("float32", "float64"):
            torch.manual_seed(seed)
            real.manual_seed(seed)
            want = real.poisson(real.tensor(rates * 2, dtype=getattr(real, dt))).tolist()
            assert torch.poisson(torch.tensor(rates * 2, dtype=getattr(torch, dt))).tolist() == want
