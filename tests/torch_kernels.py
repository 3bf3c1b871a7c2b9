"""Which of PyTorch's CPU kernels the comparisons run: the AVX2 ones, on any machine.

PyTorch picks its kernels by the processor. On one with AVX-512, ATen's float32 sums, softmax
and exp run 16 lanes wide instead of 8, and MKL's vector math takes other code, whose float64
``sqrt`` and ``tanh`` are not even correctly rounded (``torch.tensor(2.0).double().sqrt()`` is
1.414213562373095 there, 1.4142135623730951 with AVX2): PyTorch itself prints other last digits
on such a machine. Every PyTorch that the suite, its regen scripts and ``bench/`` start runs
the AVX2 kernels, the ones the stored outputs come from and ``float32_reduce`` and
``float32_pointwise`` reproduce, so a run on either kind of machine compares like with like.
A setting already in the environment is kept.
"""

from __future__ import annotations

import os

PINNED = {"ATEN_CPU_CAPABILITY": "avx2", "MKL_ENABLE_INSTRUCTIONS": "AVX2"}


def pin() -> None:
    """Pin this process (and what it starts) to the AVX2 kernels; call before importing torch."""
    for name, value in PINNED.items():
        os.environ.setdefault(name, value)
