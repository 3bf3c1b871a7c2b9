"""``nn.RNN``, ``nn.LSTM``, ``nn.GRU`` and their cells ``nn.RNNCell``, ``nn.LSTMCell``,
``nn.GRUCell``: PyTorch's parameters
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

PyTorch runs a float32 ``nn.LSTM`` on the CPU through oneDNN: each layer's output is then one
``MkldnnRnnLayerBackward0`` node, as here; its values are the cell's arithmetic below in float32,
which oneDNN's own kernels (their sum order and their sigmoid and tanh) may round differently in
the last bit.  In float64, and for ``nn.LSTMCell``, PyTorch takes the same path as here.
"""

from __future__ import annotations

import math
from typing import Any

from .._tensor.dtype import float32
from .._tensor.kernels import stack
from .._tensor.ops.factories import empty, zeros
from .._tensor.ops.reductions import cat
from .._tensor.tensor import Tensor
from .._tensor.tensor_graph import node_class, result
from . import functional as F  # noqa: N812 - PyTorch users' name
from . import init
from .module import Module
from .parameter import Parameter

__all__ = ["GRU", "LSTM", "RNN", "GRUCell", "LSTMCell", "RNNBase", "RNNCell"]

_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "GRU": 3, "LSTM": 4}
_NAMES = ["weight_ih_l{}{}", "weight_hh_l{}{}", "bias_ih_l{}{}", "bias_hh_l{}{}", "weight_hr_l{}{}"]


def _linear(x: Tensor, w: Tensor, b: Tensor | None) -> Tensor:
    return F.linear(x, w, b)


def _step(mode: str, x_proj: Tensor, h: Any, w_hh: Tensor, b_hh: Tensor | None) -> Any:
    """One step of the cell: ``x_proj`` is ``linear_ih(x)`` (PyTorch's RNN.cpp cells); an
    LSTM's state ``h`` is the pair ``(h, c)``."""
    if mode == "LSTM":
        hx, cx = h
        gates = _linear(hx, w_hh, b_hh) + x_proj
        i, f, g, o = gates.chunk(4, 1)
        cy = f.sigmoid() * cx + i.sigmoid() * g.tanh()
        return o.sigmoid() * cy.tanh(), cy
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


def cell_step(mode: str, input: Tensor, state: Any, w_ih: Tensor, w_hh: Tensor, b_ih: Any,
              b_hh: Any) -> Any:  # fmt: skip
    """One step of a cell on a batch (``torch.lstm_cell``, ``gru_cell``, the nn cells):
    the new state from ``input`` and ``state`` (an LSTM's the pair ``(h, c)``)."""
    return _step(mode, _linear(input, w_ih, b_ih), state, w_hh, b_hh)


def _cell(mode: str, x_proj: Tensor, h: list[Tensor], w_hh: Any, b_hh: Any, w_hr: Any) -> Any:
    out = _step(mode, x_proj, tuple(h) if mode == "LSTM" else h[0], w_hh, b_hh)
    if mode != "LSTM":
        return [out]
    if w_hr is not None:
        return [_linear(out[0], w_hr, None), out[1]]
    return list(out)


def _packed_forward(
    mode: str, proj: Tensor, sizes: list[int], h0: list[Tensor], w_hh: Any, b_hh: Any, w_hr: Any
) -> tuple[Tensor, list[Tensor]]:
    """ATen's PackedLayer: the steps in time order, the batch shrinking."""
    hidden, done, outs, offset, last = h0, [], [], 0, sizes[0]
    for b in sizes:
        x = proj.narrow(0, offset, b)
        offset += b
        if last > b:  # sequences that ended: their state is final
            done.append([h.narrow(0, b, last - b) for h in hidden])
            hidden = [h.narrow(0, 0, b) for h in hidden]
        last = b
        hidden = _cell(mode, x, hidden, w_hh, b_hh, w_hr)
        outs.append(hidden[0])
    done.append(hidden)
    done.reverse()
    finals = [cat([d[i] for d in done], 0) for i in range(len(hidden))]
    return cat(outs, 0), finals


def _packed_reverse(
    mode: str, proj: Tensor, sizes: list[int], h0: list[Tensor], w_hh: Any, b_hh: Any, w_hr: Any
) -> tuple[Tensor, list[Tensor]]:
    """ATen's ReversedPackedLayer: the steps from the last, the batch growing."""
    offset, last = proj.shape[0], sizes[-1]
    hidden, outs = [h.narrow(0, 0, last) for h in h0], []
    for b in reversed(sizes):
        if b > last:  # sequences that start here (from their end) join with their h0
            hidden = [cat([h, s.narrow(0, last, b - last)], 0) for h, s in zip(hidden, h0)]
        x = proj.narrow(0, offset - b, b)
        offset -= b
        last = b
        hidden = _cell(mode, x, hidden, w_hh, b_hh, w_hr)
        outs.append(hidden[0])
    outs.reverse()
    return cat(outs, 0), hidden


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
        proj_size: int = 0,
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
        if proj_size < 0:
            raise ValueError(
                "proj_size should be a positive integer or zero to disable projections"
            )
        if proj_size >= hidden_size and proj_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        self.mode, self.input_size, self.hidden_size = mode, input_size, hidden_size
        self.num_layers, self.bias, self.batch_first = num_layers, bias, batch_first
        self.dropout, self.bidirectional, self.proj_size = float(dropout), bidirectional, proj_size
        dirs = 2 if bidirectional else 1
        gate = _GATES[mode] * hidden_size
        real_hidden = proj_size or hidden_size
        self._flat_weights_names: list[str] = []
        for layer in range(num_layers):
            for direction in range(dirs):
                size_in = input_size if layer == 0 else real_hidden * dirs
                suffix = "_reverse" if direction == 1 else ""
                shapes: list[tuple[int, ...] | None] = [
                    (gate, size_in),
                    (gate, real_hidden),
                    (gate,) if bias else None,
                    (gate,) if bias else None,
                    (proj_size, hidden_size) if proj_size else None,
                ]
                for name, shape in zip(_NAMES, shapes):
                    if shape is None:
                        continue
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
        return [getattr(self, n.format(layer, suffix), None) for n in _NAMES]

    def forward(self, input: Any, hx: Any = None) -> tuple[Any, Any]:
        from .utils.rnn import PackedSequence

        if isinstance(input, PackedSequence):
            return self._forward_packed(input, hx)
        lstm = self.mode == "LSTM"
        batched = input.dim() == 3
        states = list(hx) if lstm and hx is not None else [hx] if hx is not None else None
        if not batched:
            input = input.unsqueeze(1)
            states = [s.unsqueeze(1) for s in states] if states is not None else None
        elif self.batch_first:
            input = input.transpose(0, 1)
        dirs = 2 if self.bidirectional else 1
        if states is None:
            n, batch = self.num_layers * dirs, input.shape[1]
            states = [zeros(n, batch, self.proj_size or self.hidden_size, dtype=input.dtype)]
            if lstm:
                states.append(zeros(n, batch, self.hidden_size, dtype=input.dtype))
        # PyTorch's float32 CPU LSTM is oneDNN's: one MkldnnRnnLayerBackward0 node per layer
        onednn = lstm and not self.proj_size and input.dtype is float32 and input.numel() > 0
        layer_input, finals = input, []
        for layer in range(self.num_layers):
            outs = []
            for direction in range(dirs):
                w_ih, w_hh, b_ih, b_hh, w_hr = self._weights(layer, direction)
                steps = list(_linear(layer_input, w_ih, b_ih).unbind(0))
                if direction == 1:
                    steps.reverse()
                k = layer * dirs + direction
                h = (states[0][k], states[1][k]) if lstm else states[0][k]
                hs = []
                for x_proj in steps:
                    h = _step(self.mode, x_proj, h, w_hh, b_hh)
                    if w_hr is not None:
                        h = (_linear(h[0], w_hr, None), h[1])
                    hs.append(h[0] if lstm else h)
                if direction == 1:
                    hs.reverse()
                out = stack(hs, 0)
                if onednn and out.grad_fn is not None:  # its slots: PyTorch's seven
                    node = node_class("MkldnnRnnLayerBackward0", -1, {}, "find")
                    ins = (layer_input, w_ih, w_hh, b_ih, b_hh, states[0][k], states[1][k])
                    out = result(out.elements(), out.shape, out.dtype, node, ins)
                outs.append(out)
                finals.append(h)
            layer_input = outs[0] if dirs == 1 else cat(outs, outs[0].dim() - 1)
            if self.dropout and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        output = layer_input
        if lstm:
            h_n: Any = (stack([f[0] for f in finals], 0), stack([f[1] for f in finals], 0))
        else:
            h_n = stack(finals, 0)
        if not batched:
            output = output.squeeze(1)
            h_n = tuple(s.squeeze(1) for s in h_n) if lstm else h_n.squeeze(1)
        elif self.batch_first:
            output = output.transpose(0, 1)
        return output, h_n

    def _forward_packed(self, packed: Any, hx: Any) -> tuple[Any, Any]:
        """A packed batch through the layers as ATen's PackedLayer and ReversedPackedLayer
        (RNN.cpp): step t takes the ``batch_sizes[t]`` sequences still running, a finished
        sequence's last state is kept for ``h_n``; the hidden state is in sorted order."""
        lstm = self.mode == "LSTM"
        data, sizes = packed.data, [int(b) for b in packed.batch_sizes.tolist()]
        dirs = 2 if self.bidirectional else 1
        if hx is None:
            n, batch = self.num_layers * dirs, sizes[0]
            states = [zeros(n, batch, self.proj_size or self.hidden_size, dtype=data.dtype)]
            if lstm:
                states.append(zeros(n, batch, self.hidden_size, dtype=data.dtype))
        else:
            states = list(hx) if lstm else [hx]
            if packed.sorted_indices is not None:
                states = [s.index_select(1, packed.sorted_indices) for s in states]
        layer_input, finals = data, []
        for layer in range(self.num_layers):
            outs = []
            for direction in range(dirs):
                w_ih, w_hh, b_ih, b_hh, w_hr = self._weights(layer, direction)
                proj = _linear(layer_input, w_ih, b_ih)
                k = layer * dirs + direction
                h0 = [s[k] for s in states]
                run = _packed_reverse if direction == 1 else _packed_forward
                out, h = run(self.mode, proj, sizes, h0, w_hh, b_hh, w_hr)
                outs.append(out)
                finals.append(h)
            layer_input = outs[0] if dirs == 1 else cat(outs, 1)
            if self.dropout and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        h_n = [stack([f[i] for f in finals], 0) for i in range(2 if lstm else 1)]
        if packed.unsorted_indices is not None:
            h_n = [h.index_select(1, packed.unsorted_indices) for h in h_n]
        output = type(packed)(layer_input, packed.batch_sizes, packed.sorted_indices,
                              packed.unsorted_indices)  # fmt: skip
        return output, (tuple(h_n) if lstm else h_n[0])

    def extra_repr(self) -> str:
        s = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.proj_size != 0:
            s += f", proj_size={self.proj_size}"
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
            0,
            device,
            dtype,
        )


class LSTM(RNNBase):
    """A long short-term memory: input, forget, cell and output gates, as PyTorch computes
    them; ``forward(input, (h_0, c_0))`` returns ``output, (h_n, c_n)``."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        proj_size: int = 0,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__(
            "LSTM",
            input_size,
            hidden_size,
            num_layers,
            bias,
            batch_first,
            dropout,
            bidirectional,
            proj_size,
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
            0,
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

    def forward(self, input: Tensor, hx: Any = None) -> Any:
        lstm = self.mode == "LSTM"
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
        if hx is None:
            z = zeros(input.shape[0], self.hidden_size, dtype=input.dtype)
            state = (z, z) if lstm else z
        elif not batched:
            state = tuple(s.unsqueeze(0) for s in hx) if lstm else hx.unsqueeze(0)
        else:
            state = tuple(hx) if lstm else hx
        h = cell_step(self.mode, input, state, self.weight_ih, self.weight_hh, self.bias_ih,
                      self.bias_hh)  # fmt: skip
        if batched:
            return h
        return tuple(s.squeeze(0) for s in h) if lstm else h.squeeze(0)

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


class LSTMCell(_CellBase):
    """One step of ``nn.LSTM``: ``forward(input, (h, c))`` returns ``(h', c')``."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__("LSTM", input_size, hidden_size, bias, dtype)
