"""``torch.nn.modules.rnn``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..rnn import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNBase, RNNCell

__all__ = ["GRU", "LSTM", "RNN", "GRUCell", "LSTMCell", "RNNBase", "RNNCell"]
