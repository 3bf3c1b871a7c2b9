"""Settings every test run shares.

PyTorch picks its CPU kernels by the processor: on one with AVX-512 its float32 sums, softmax
and exp run 16 lanes wide instead of 8, and their last bits differ from the AVX2 kernels that
``float32_reduce``/``float32_pointwise`` reproduce (and that the stored PyTorch outputs come
from). Every PyTorch this suite runs, in this process or in the programs it starts, uses the
AVX2 kernels, so a run on either kind of machine compares like with like.
"""

import os

os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
