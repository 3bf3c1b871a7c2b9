"""torch.manual_seed, rand, randn, ... : PyTorch's shapes and signatures over random.py's draws."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import tinygrad_edu as torch

# torch 2.13's own numbers after manual_seed(0) (../shared/reference/pytorch_rng.md)
RAND5 = [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688,
         0.30742281675338745]  # fmt: skip
RANDN3 = [1.5409960746765137, -0.293428897857666, -2.1787893772125244]


def test_seeded_rand_and_randn_are_pytorchs():
    torch.manual_seed(0)
    assert torch.rand(5).tolist() == RAND5
    torch.manual_seed(0)
    assert torch.randn(3).tolist() == RANDN3
    assert torch.initial_seed() == 0


def test_shapes_dtypes_generators_and_errors():
    g = torch.Generator().manual_seed(3)
    a = torch.rand(2, 3, generator=g)
    assert a.shape == torch.Size([2, 3]) and a.dtype is torch.float32
    assert torch.randn((4,), dtype=torch.float64).dtype is torch.float64
    assert torch.randint(0, 5, (3, 2)).dtype is torch.int64
    assert sorted(torch.randperm(6).tolist()) == list(range(6))
    h = torch.Generator().manual_seed(3)
    assert torch.rand(2, 3, generator=h).tolist() == a.tolist()  # a generator is its own stream
    state = torch.get_rng_state()
    x = torch.rand(4)
    torch.set_rng_state(state)
    assert torch.rand(4).tolist() == x.tolist()
    with pytest.raises(RuntimeError, match="'from' to be less than 'to'"):
        torch.randint(3, 3, (2,))
    assert torch.rand(2, requires_grad=True).requires_grad


PROGRAM = """
import sys, importlib
torch = importlib.import_module(sys.argv[1])
for s in (0, 1, 42, 1337):
    torch.manual_seed(s)
    print(torch.rand(17).tolist(), torch.randn(3, 7).tolist(), torch.randint(-5, 5, (9,)).tolist())
    print(torch.randperm(20).tolist(), torch.normal(1.0, 2.0, size=(5,)).tolist())
    print(torch.rand(3, dtype=torch.float64).tolist(), torch.randn(18, dtype=torch.float64).tolist())
    print(torch.bernoulli(torch.tensor([0.1, 0.5, 0.9, 0.3])).tolist())
    print(torch.multinomial(torch.tensor([1.0, 2.0, 3.0, 4.0]), 3).tolist())
"""


@pytest.mark.parity
def test_many_seeds_sizes_and_dtypes_print_what_torch_prints(tmp_path):
    pytest.importorskip("torch")
    script = tmp_path / "draws.py"
    script.write_text(PROGRAM)
    root = str(Path(__file__).resolve().parents[1])
    run = lambda mod: subprocess.run(
        [sys.executable, str(script), mod], capture_output=True, text=True, check=True,
        env={"PYTHONPATH": root, "PATH": ""},
    ).stdout  # fmt: skip
    assert run("tinygrad_edu") == run("torch")


def test_randint_takes_its_arguments_by_name_too():
    torch.manual_seed(7)
    named = torch.randint(low=1, high=6, size=(4,)).tolist()
    torch.manual_seed(7)
    assert named == torch.randint(1, 6, (4,)).tolist()
    torch.manual_seed(7)
    assert (
        torch.randint(6, size=(4,)).tolist()
        == torch.randint(0, 6, (4,), generator=torch.manual_seed(7)).tolist()
    )
    with pytest.raises(TypeError, match="unexpected keyword argument 'hi'"):
        torch.randint(hi=3, size=(2,))
