"""PyTorch 2.13's CPU numerics, reproduced bit for bit: the float32 kernels in the order of
their loops and their libm (Sleef, glibc, avx_mathfun), the reductions' cascade sums, the loss
kernels, MT19937 and the draws built on it, libstdc++'s sort, the optimizers' fused steps.

Plain lists of floats in and out: nothing here knows a Tensor or a Value, and nothing here
imports anything else of the package (a test checks it).
"""
