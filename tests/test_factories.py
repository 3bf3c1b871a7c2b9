"""Factories: ``logspace``, ``as_tensor``, the ``new_*`` methods, ``full``'s dtype and every
factory's ``device=``, against what PyTorch 2.13 gives."""

import pytest

import tinygrad_edu as torch


@pytest.mark.parametrize(
    ("args", "kwargs", "want"),
    [
        ((0, 1, 5), {"base": 2}, [1.0, 1.1892070770263672, 1.4142135381698608, 1.6817928552627563, 2.0]),
        ((-2, 2, 7), {}, [0.009999999776482582, 0.04641588777303696, 0.2154434621334076, 1.0,
                          4.6415886878967285, 21.544347763061523, 100.0]),
        ((-2, 2, 7), {"dtype": torch.float64}, [0.01, 0.046415888336127774, 0.21544346900318834,
                                                 1.0, 4.641588833612779, 21.544346900318846, 100.0]),
        ((0, 3, 4), {"dtype": torch.int64}, [1, 10, 100, 1000]),
    ],
)  # fmt: skip
def test_logspace_gives_pytorchs_numbers(args, kwargs, want):
    assert torch.logspace(*args, **kwargs).tolist() == want


def test_logspace_refuses_negative_steps():
    with pytest.raises(RuntimeError, match=r"^number of steps must be non-negative$"):
        torch.logspace(0, 1, -1)


def test_full_takes_its_dtype_from_the_fill_value():
    assert torch.full((2,), 3).dtype is torch.int64
    assert torch.full((2,), True).dtype is torch.bool
    assert torch.full((2,), 1.5, dtype=torch.int64).tolist() == [1, 1]
    assert torch.full_like(torch.tensor([1]), 9.7).tolist() == [9]


def test_new_methods_keep_the_tensors_dtype():
    x = torch.tensor([[1, 2], [3, 4]])
    assert repr(x.new_zeros(3)) == "tensor([0, 0, 0])"
    assert repr(x.new_tensor([1.5])) == "tensor([1])"
    assert repr(x.new_ones(2, dtype=torch.double)) == "tensor([1., 1.], dtype=torch.float64)"
    assert repr(x.new_full((2,), 7)) == "tensor([7, 7])"
    assert x.new_ones((2, 3)).shape == (2, 3) and x.new_empty(2).shape == (2,)
    y = torch.tensor([1.0], requires_grad=True)
    assert not y.new_tensor([2.0]).requires_grad and y.new_zeros(1, requires_grad=True).is_leaf
    with pytest.raises(RuntimeError, match="floating point"):
        x.new_zeros(2, requires_grad=True)


def test_as_tensor_keeps_a_tensor_and_converts_data():
    x = torch.tensor([1, 2])
    assert torch.as_tensor(x) is x
    assert torch.as_tensor(x, dtype=torch.float32).dtype is torch.float32
    assert repr(torch.as_tensor([1, 2])) == "tensor([1, 2])"
    assert repr(torch.tensor(range(4))) == "tensor([0, 1, 2, 3])"


FACTORIES = [
    lambda d: torch.tensor([1.0], device=d), lambda d: torch.zeros(2, device=d),
    lambda d: torch.ones(2, device=d), lambda d: torch.full((2,), 1.0, device=d),
    lambda d: torch.arange(3, device=d), lambda d: torch.linspace(0, 1, 3, device=d),
    lambda d: torch.logspace(0, 1, 3, device=d), lambda d: torch.eye(2, device=d),
    lambda d: torch.empty(2, device=d), lambda d: torch.rand(2, device=d),
    lambda d: torch.randn(2, device=d), lambda d: torch.randint(3, (2,), device=d),
    lambda d: torch.randperm(3, device=d), lambda d: torch.zeros_like(torch.ones(2), device=d),
    lambda d: torch.tensor([1.0]).to(d), lambda d: torch.tensor([1.0]).new_ones(2, device=d),
]  # fmt: skip


@pytest.mark.parametrize("make", FACTORIES)
def test_every_factory_takes_the_cpu_as_device_and_refuses_another(make):
    for where in ("cpu", torch.device("cpu"), None):
        make(where)
    with pytest.raises(RuntimeError, match="CPU only"):
        make("cuda")


def test_default_device_is_the_cpu():
    torch.set_default_device("cpu")
    assert str(torch.get_default_device()) == "cpu"
    with pytest.raises(RuntimeError, match="CPU only"):
        torch.set_default_device("cuda")
