# ruff: noqa - written as the source writes it
# nn.utils.rnn as the zero-to-all lecture 13, the cs224n window classifier and PyTorch's sequence tutorials
# use it: pack_padded_sequence (sorted and not), pad_packed_sequence, pad_sequence, pack_sequence, and a
# GRU and a 2-layer bidirectional LSTM run on a packed batch
import torch
import torch.nn as nn
from torch.nn.utils.rnn import (
    pack_padded_sequence,
    pad_packed_sequence,
    pad_sequence,
    pack_sequence,
)

torch.manual_seed(0)
x = torch.randn(4, 3, 2, requires_grad=True)
p = pack_padded_sequence(x, [4, 2, 1])
print(p)
print(p.data.grad_fn.name(), type(p).__mro__, p.batch_sizes.dtype)
q = pack_padded_sequence(x, torch.tensor([2, 4, 1]), enforce_sorted=False)
print(q.sorted_indices, q.unsorted_indices, q.data.grad_fn.name())
o, l = pad_packed_sequence(q)
print(o, l, o.grad_fn.name())
o, l = pad_packed_sequence(p, batch_first=True, total_length=5, padding_value=-1.0)
print(o.shape, o.grad_fn.name(), l)
seqs = [torch.tensor([1.0, 2, 3]), torch.tensor([4.0]), torch.tensor([5.0, 6])]
print(pad_sequence(seqs), pad_sequence(seqs, batch_first=True, padding_value=9))
print(pack_sequence(seqs, enforce_sorted=False))
rnn = nn.GRU(2, 3)
out, h = rnn(q)
print(out.data.grad_fn.name(), h.grad_fn.name())
print(out, h)
lstm = nn.LSTM(2, 3, num_layers=2, bidirectional=True)
out, (h, c) = lstm(q)
print(out.data, h, c)
print(out.data.grad_fn.name(), h.grad_fn.name())
lstm = nn.LSTM(2, 3, num_layers=2, batch_first=True)
xb = torch.randn(3, 4, 2)
pb = pack_padded_sequence(xb, [2, 4, 3], batch_first=True, enforce_sorted=False)
out, (h, c) = lstm(pb)
print(pad_packed_sequence(out, batch_first=True), h)
(out.data.sum() + h.sum()).backward()
print(x.grad)
try:
    pack_padded_sequence(x, [2, 4, 1])
except RuntimeError as e:
    print(e)
x = torch.tensor([[[1.0], [5.0]], [[2.0], [6.0]], [[3.0], [0.0]]], requires_grad=True)
p = pack_padded_sequence(x, [3, 2])
o, l = pad_packed_sequence(p, total_length=4, padding_value=-1.0)
print(o.grad_fn.name())
(o * torch.arange(8.0).view(4, 2, 1)).sum().backward()
print(x.grad)
