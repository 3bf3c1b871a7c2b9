"""``nn.RNN``, ``nn.GRU`` and their cells ``nn.RNNCell``, ``nn.GRUCell``: PyTorch's parameters
(names, shapes, registration order), its initialisation (each uniform in ±1/sqrt(hidden) from
the seeded generator, in that order, so ``manual_seed`` gives PyTorch's weights) and its CPU
arithmetic (the input projection of the whole sequence first, then per step
``linear_hh(h) + projection``).

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> rnn = torch.nn.RNN(3, 2)
>>> out, h = rnn(torch.ones(4, 1, 3))
>>> rnn, out.shape, h.shape, out.grad_fn.name()
(RNN(3, 2), torch.Size([4, 1, 2]), torch.Size([1, 1, 2]), 'StackBackward0')

``nn.LSTM`` is not here: PyTorch runs a float32 LSTM on the CPU through oneDNN, whose
arithmetic (and node names) this engine does not reproduce.
"""

from __future__ import annotations

import math
from typing import Any

from .._tensor.kernels import stack
from .._tensor.ops.factories import empty, zeros
from .._tensor.ops.reductions import cat
from .._tensor.tensor import Tensor
from . import functional as F  # noqa: N812 - PyTorch users' name
from . import init
from .module import Module
from .parameter import Parameter

__all__ = ["GRU", "RNN", "GRUCell", "RNNBase", "RNNCell"]

_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "GRU": 3}


def _linear(x: Tensor, w: Tensor, b: Tensor | None) -> Tensor:
    return F.linear(x, w, b)


def _step(mode: str, x_proj: Tensor, h: Tensor, w_hh: Tensor, b_hh: Tensor | None) -> Tensor:
    """One step of the cell: ``x_proj`` is ``linear_ih(x)`` (PyTorch's RNN.cpp cells)."""
    hh = _linear(h, w_hh, b_hh)
    if mode == "GRU":
        ir, iz, inew = x_proj.chunk(3, 1)
        hr, hz, hnew = hh.chunk(3, 1)
        reset = (hr + ir).sigmoid()
        update = (hz + iz).sigmoid()
        new = (inew + hnew * reset).tanh()
        return (h - new) * update + new
    pre = hh + x_proj
    return pre.tanh() if mode == "RNN_TANH" else pre.relu()


class RNNBase(Module):
    """The layers, directions and parameters every recurrent module shares."""

    def __init__(
        self,
        mode: str,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        for name, n in (("hidden_size", hidden_size), ("num_layers", num_layers)):
            if not isinstance(n, int) or isinstance(n, bool):
                raise TypeError(f"{name} should be of type int, got: {type(n).__name__}")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if input_size <= 0:
            raise ValueError("input_size must be greater than zero")
        self.mode, self.input_size, self.hidden_size = mode, input_size, hidden_size
        self.num_layers, self.bias, self.batch_first = num_layers, bias, batch_first
        self.dropout, self.bidirectional, self.proj_size = float(dropout), bidirectional, 0
        dirs = 2 if bidirectional else 1
        gate = _GATES[mode] * hidden_size
        self._flat_weights_names: list[str] = []
        for layer in range(num_layers):
            for direction in range(dirs):
                size_in = input_size if layer == 0 else hidden_size * dirs
                suffix = "_reverse" if direction == 1 else ""
                shapes = [(gate, size_in), (gate, hidden_size)] + (
                    [(gate,), (gate,)] if bias else []
                )
                names = ["weight_ih_l{}{}", "weight_hh_l{}{}", "bias_ih_l{}{}", "bias_hh_l{}{}"]
                for name, shape in zip(names, shapes):
                    full = name.format(layer, suffix)
                    setattr(self, full, Parameter(empty(*shape, dtype=dtype)))
                    self._flat_weights_names.append(full)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _weights(self, layer: int, direction: int) -> list[Any]:
        suffix = "_reverse" if direction == 1 else ""
        names = ["weight_ih_l{}{}", "weight_hh_l{}{}", "bias_ih_l{}{}", "bias_hh_l{}{}"]
        return [
            getattr(self, n.format(layer, suffix), None) if self.bias or i < 2 else None
            for i, n in enumerate(names)
        ]

    def forward(self, input: Tensor, hx: Tensor | None = None) -> tuple[Tensor, Tensor]:
        batched = input.dim() == 3
        if not batched:
            input = input.unsqueeze(1)
            hx = hx.unsqueeze(1) if hx is not None else None
        elif self.batch_first:
            input = input.transpose(0, 1)
        dirs = 2 if self.bidirectional else 1
        if hx is None:
            hx = zeros(self.num_layers * dirs, input.shape[1], self.hidden_size, dtype=input.dtype)
        layer_input, finals = input, []
        for layer in range(self.num_layers):
            outs = []
            for direction in range(dirs):
                w_ih, w_hh, b_ih, b_hh = self._weights(layer, direction)
                steps = list(_linear(layer_input, w_ih, b_ih).unbind(0))
                if direction == 1:
                    steps.reverse()
                h, hs = hx[layer * dirs + direction], []
                for x_proj in steps:
                    h = _step(self.mode, x_proj, h, w_hh, b_hh)
                    hs.append(h)
                if direction == 1:
                    hs.reverse()
                outs.append(stack(hs, 0))
                finals.append(h)
            layer_input = outs[0] if dirs == 1 else cat(outs, outs[0].dim() - 1)
            if self.dropout and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        output, h_n = layer_input, stack(finals, 0)
        if not batched:
            return output.squeeze(1), h_n.squeeze(1)
        return (output.transpose(0, 1) if self.batch_first else output), h_n

    def extra_repr(self) -> str:
        s = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.batch_first is not False:
            s += f", batch_first={self.batch_first}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        if self.bidirectional is not False:
            s += f", bidirectional={self.bidirectional}"
        return s


class RNN(RNNBase):
    """An Elman RNN: ``h_t = tanh(x_t W_ih^T + b_ih + h_(t-1) W_hh^T + b_hh)`` (or relu)."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        nonlinearity: str = "tanh",
        bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(
                f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or 'relu'."
            )
        self.nonlinearity = nonlinearity
        mode = "RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU"
        super().__init__(
            mode,
            input_size,
            hidden_size,
            num_layers,
            bias,
            batch_first,
            dropout,
            bidirectional,
            device,
            dtype,
        )


class GRU(RNNBase):
    """A gated recurrent unit: reset, update and new gates, as PyTorch computes them."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__(
            "GRU",
            input_size,
            hidden_size,
            num_layers,
            bias,
            batch_first,
            dropout,
            bidirectional,
            device,
            dtype,
        )


class _CellBase(Module):
    def __init__(
        self, mode: str, input_size: int, hidden_size: int, bias: bool, dtype: Any
    ) -> None:
        super().__init__()
        self.mode, self.input_size, self.hidden_size, self.bias = (
            mode,
            input_size,
            hidden_size,
            bias,
        )
        gate = _GATES[mode] * hidden_size
        self.weight_ih = Parameter(empty(gate, input_size, dtype=dtype))
        self.weight_hh = Parameter(empty(gate, hidden_size, dtype=dtype))
        if bias:
            self.bias_ih = Parameter(empty(gate, dtype=dtype))
            self.bias_hh = Parameter(empty(gate, dtype=dtype))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        stdv = 1.0 / math.sqrt(hidden_size) if hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def forward(self, input: Tensor, hx: Tensor | None = None) -> Tensor:
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = zeros(input.shape[0], self.hidden_size, dtype=input.dtype)
        elif not batched:
            hx = hx.unsqueeze(0)
        x_proj = _linear(input, self.weight_ih, self.bias_ih)
        h = _step(self.mode, x_proj, hx, self.weight_hh, self.bias_hh)
        return h if batched else h.squeeze(0)

    def extra_repr(self) -> str:
        s = f"{self.input_size}, {self.hidden_size}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.mode == "RNN_RELU":
            s += ", nonlinearity=relu"
        return s


class RNNCell(_CellBase):
    """One step of ``nn.RNN``: ``tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)`` (or relu)."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        nonlinearity: str = "tanh",
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        self.nonlinearity = nonlinearity
        super().__init__(
            "RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU",
            input_size,
            hidden_size,
            bias,
            dtype,
        )


class GRUCell(_CellBase):
    """One step of ``nn.GRU``."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__("GRU", input_size, hidden_size, bias, dtype)
