"""``nn.CrossMapLRN2d``: Lua Torch's local response norm across channels, which PyTorch keeps
as a custom ``autograd.Function`` (its node is ``CrossMapLRN2dBackward``).

Its window differs from ``nn.LocalResponseNorm``'s at the last channels, and it sums the
squares as a running window (add the next map, take away the one that left), so this is that
Function, op for op as PyTorch's ``nn/modules/_functions.py`` runs it.
"""

from __future__ import annotations

from typing import Any

from .._tensor.function import Function
from .._tensor.tensor import Tensor, stack
from .module import Module

__all__ = ["CrossMapLRN2d"]


class _Functions:  # as PyTorch's nn/modules/_functions.py: the Function apart from the Module
    class CrossMapLRN2d(Function):  # its node: CrossMapLRN2dBackward, as PyTorch's
        @staticmethod
        def forward(ctx: Any, input: Tensor, size: int, alpha: float = 1e-4, beta: float = 0.75,
                    k: float = 1) -> Tensor:  # fmt: skip
            if input.dim() != 4:
                raise ValueError(
                    f"CrossMapLRN2d: Expected input to be 4D, got {input.dim()}D instead."
                )
            ctx.size, ctx.alpha, ctx.beta, ctx.k = size, alpha, beta, k
            channels = input.size(1)
            square = input.pow(2)
            pre_pad = int((size - 1) / 2 + 1)
            first = input.new_zeros(input.size(0), *input.shape[2:])
            for c in range(min(pre_pad, channels)):
                first = first + square.select(1, c)
            maps = [first]
            for c in range(1, channels):  # the window moves: add the next map, drop the last
                current = maps[c - 1]
                if c < channels - pre_pad + 1:
                    current = current + square.select(1, c + pre_pad - 1)
                if c > pre_pad:
                    current = current - square.select(1, c - pre_pad)
                maps.append(current)
            scale = stack(maps, 1) * (alpha / size) + k
            output = scale.pow(-beta) * input
            ctx.scale = scale
            ctx.save_for_backward(input, output)
            return output

        @staticmethod
        def backward(ctx: Any, grad_output: Tensor) -> tuple[Any, ...]:
            input, output = ctx.saved_tensors
            batch, channels, height, width = input.shape
            size, scale = ctx.size, ctx.scale
            ratio = 2 * ctx.alpha * ctx.beta / size
            inverse_pre_pad = int(size - (size - 1) / 2)
            grad_input = scale.pow(-ctx.beta) * grad_output
            zero = input.new_zeros(height, width)
            rows = []
            for n in range(batch):
                center = grad_output[n] * output[n] / scale[n]
                padded = [zero] * inverse_pre_pad + list(center.unbind(0))
                padded += [zero] * (channels + size - 1 - len(padded))
                accum = stack(padded[: size - 1]).sum(0) if size > 1 else zero
                maps = []
                for c in range(channels):
                    accum = accum + padded[c + size - 1]
                    maps.append(grad_input[n][c].addcmul(input[n][c], accum, value=-ratio))
                    accum = accum - padded[c]
                rows.append(stack(maps))
            return stack(rows), None, None, None, None


class CrossMapLRN2d(Module):
    """Local response norm over ``size`` neighbouring channels of a 4-d input:
    ``x / (k + alpha / size * sum(x^2))^beta``."""

    def __init__(self, size: int, alpha: float = 1e-4, beta: float = 0.75, k: float = 1) -> None:
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k

    def forward(self, input: Tensor) -> Tensor:
        return _Functions.CrossMapLRN2d.apply(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self) -> str:
        return f"{self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"
