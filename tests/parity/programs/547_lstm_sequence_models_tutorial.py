import torch
import torch.nn as nn

# nn.LSTM and nn.LSTMCell as PyTorch's "Sequence Models and LSTM Networks" tutorial and the
# nn.LSTM / nn.LSTMCell docs examples write them: seeded weights, outputs, (h, c) states, grads
torch.manual_seed(1)

lstm = nn.LSTM(3, 3)  # Input dim is 3, output dim is 3
inputs = [torch.randn(1, 3) for _ in range(5)]  # make a sequence of length 5

# initialize the hidden state.
hidden = (torch.randn(1, 1, 3), torch.randn(1, 1, 3))
for i in inputs:
    # Step through the sequence one element at a time.
    # after each step, hidden contains the hidden state.
    out, hidden = lstm(i.view(1, 1, -1), hidden)

# alternatively, we can do the entire sequence all at once.
inputs = torch.cat(inputs).view(len(inputs), 1, -1)
hidden = (torch.randn(1, 1, 3), torch.randn(1, 1, 3))  # clean out hidden state
out, hidden = lstm(inputs, hidden)
print(out)
print(hidden)

rnn = nn.LSTM(10, 20, 2)
input = torch.randn(5, 3, 10)
h0 = torch.randn(2, 3, 20)
c0 = torch.randn(2, 3, 20)
output, (hn, cn) = rnn(input, (h0, c0))
print(rnn, output.shape, hn.shape, cn.shape)
print(output[-1, 0, :4], hn[0, 1, :4], cn[1, 2, :4])
print([(name, p.shape) for name, p in rnn.named_parameters()])

rnn = nn.LSTMCell(10, 20)  # (input_size, hidden_size)
input = torch.randn(2, 3, 10)  # (time_steps, batch, input_size)
hx = torch.randn(3, 20)  # (batch, hidden_size)
cx = torch.randn(3, 20)
output = []
for i in range(input.size()[0]):
    hx, cx = rnn(input[i], (hx, cx))
    output.append(hx)
output = torch.stack(output, dim=0)
print(rnn, output.shape, output[1, 0, :4], hx.grad_fn, cx.grad_fn)

lstm = nn.LSTM(input_size=4, hidden_size=3, batch_first=True, bidirectional=True)
x = torch.randn(2, 6, 4, requires_grad=True)
out, (h, c) = lstm(x)
print(lstm, out.shape, h.shape, out.grad_fn, h.grad_fn)
out[:, -1].sum().backward()
print(x.grad[0, :2])
print(lstm.weight_hh_l0_reverse.grad[:2])

lstm64 = nn.LSTM(2, 3, num_layers=2, dtype=torch.float64)
out, (h, c) = lstm64(torch.randn(4, 2, dtype=torch.float64))
print(out, h, c)
