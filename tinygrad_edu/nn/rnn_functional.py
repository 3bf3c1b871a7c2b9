"""ATen's recurrent functions, the forms ``nn.RNN``, ``nn.LSTM`` and ``nn.GRU`` call:
``torch.rnn_tanh``, ``rnn_relu``, ``lstm`` and ``gru`` over a whole sequence from a flat list
of parameters (``module._flat_weights`` order: per layer and direction ``w_ih, w_hh``, then
``b_ih, b_hh`` when there are biases, then LSTM's ``w_hr``), and the one-step
``rnn_tanh_cell``/``rnn_relu_cell``. They run the modules' own loop, so they give the modules'
numbers and nodes.

>>> import tinygrad_edu as torch
>>> gru = torch.nn.GRU(2, 3)
>>> x, h0 = torch.ones(4, 1, 2), torch.zeros(1, 1, 3)
>>> out, h = torch.gru(x, h0, [p for p in gru.parameters()], True, 1, 0.0, False, False, False)
>>> torch.equal(out, gru(x, h0)[0])
True
"""

from __future__ import annotations

from typing import Any

from .._tensor.tensor_graph import is_tensor
from .module import Module
from .rnn import RNNBase, cell_step

__all__ = ["FUNCTIONS", "gru", "lstm", "rnn_relu", "rnn_relu_cell", "rnn_tanh", "rnn_tanh_cell"]


class _FlatWeights(RNNBase):
    """The recurrent loop of ``RNNBase`` over a given list of parameters."""

    def __init__(self, mode: str, params: list[Any], has_biases: bool, num_layers: int,
                 dropout: float, train: bool, bidirectional: bool,
                 batch_first: bool) -> None:  # fmt: skip
        Module.__init__(self)
        dirs = 2 if bidirectional else 1
        per = 4 if has_biases else 2
        proj = len(params) == num_layers * dirs * (per + 1)
        self.mode, self.num_layers, self.bias = mode, num_layers, has_biases
        self.dropout, self.bidirectional, self.batch_first = (
            float(dropout),
            bidirectional,
            batch_first,
        )
        self.hidden_size = params[1].shape[1] if not proj else params[per].shape[1]
        self.proj_size = params[per].shape[0] if proj else 0
        self.input_size = params[0].shape[1]
        self.training = train
        self._flat, self._per, self._proj = list(params), per + proj, proj

    def _weights(self, layer: int, direction: int) -> list[Any]:
        k = layer * (2 if self.bidirectional else 1) + direction
        ws = self._flat[k * self._per : (k + 1) * self._per]
        biases = (ws[2], ws[3]) if self.bias else (None, None)
        return [ws[0], ws[1], *biases, ws[-1] if self._proj else None]


def _run(mode: str, input: Any, second: Any, rest: tuple[Any, ...]) -> tuple[Any, Any]:
    """Both of ATen's overloads: ``(input, hx, params, has_biases, num_layers, dropout, train,
    bidirectional, batch_first)`` and, for a packed batch, ``(data, batch_sizes, hx, params,
    has_biases, num_layers, dropout, train, bidirectional)``."""
    from .utils.rnn import PackedSequence

    if is_tensor(second) and not second.dtype.is_floating_point:  # batch_sizes: packed
        hx, params, has_biases, num_layers, dropout, train, bidirectional = rest
        m = _FlatWeights(mode, params, has_biases, num_layers, dropout, train, bidirectional,
                         False)  # fmt: skip
        out, h = m(PackedSequence(input, second), _state(mode, hx))
        return out.data, h
    params, has_biases, num_layers, dropout, train, bidirectional, batch_first = rest
    m = _FlatWeights(mode, params, has_biases, num_layers, dropout, train, bidirectional,
                     batch_first)  # fmt: skip
    return m(input, _state(mode, second))


def _state(mode: str, hx: Any) -> Any:
    return tuple(hx) if mode == "LSTM" else hx


def lstm(input: Any, hx: Any, *args: Any) -> tuple[Any, Any, Any]:
    """``(output, h_n, c_n)`` of an LSTM over ``input`` (``hx = (h_0, c_0)``)."""
    out, (h, c) = _run("LSTM", input, hx, args)
    return out, h, c


def gru(input: Any, hx: Any, *args: Any) -> tuple[Any, Any]:
    """``(output, h_n)`` of a GRU over ``input``."""
    return _run("GRU", input, hx, args)


def rnn_tanh(input: Any, hx: Any, *args: Any) -> tuple[Any, Any]:
    """``(output, h_n)`` of an Elman RNN with tanh over ``input``."""
    return _run("RNN_TANH", input, hx, args)


def rnn_relu(input: Any, hx: Any, *args: Any) -> tuple[Any, Any]:
    """``(output, h_n)`` of an Elman RNN with relu over ``input``."""
    return _run("RNN_RELU", input, hx, args)


def rnn_tanh_cell(input: Any, hx: Any, w_ih: Any, w_hh: Any, b_ih: Any = None,
                  b_hh: Any = None) -> Any:  # fmt: skip
    """One tanh RNN step (what ``nn.RNNCell`` computes)."""
    return cell_step("RNN_TANH", input, hx, w_ih, w_hh, b_ih, b_hh)


def rnn_relu_cell(input: Any, hx: Any, w_ih: Any, w_hh: Any, b_ih: Any = None,
                  b_hh: Any = None) -> Any:  # fmt: skip
    """One relu RNN step (``nn.RNNCell(nonlinearity="relu")``)."""
    return cell_step("RNN_RELU", input, hx, w_ih, w_hh, b_ih, b_hh)


FUNCTIONS: dict[str, Any] = {
    "lstm": lstm, "gru": gru, "rnn_tanh": rnn_tanh, "rnn_relu": rnn_relu,
    "rnn_tanh_cell": rnn_tanh_cell, "rnn_relu_cell": rnn_relu_cell,
}  # fmt: skip
