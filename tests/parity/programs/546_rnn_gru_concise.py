# Recurrent layers as d2l's "Concise Implementation of Recurrent Neural Networks" and the PyTorch nn.RNN docs examples use them:
# seeded nn.RNN / nn.RNNCell / nn.GRU / nn.GRUCell, their parameters, outputs, hidden states and grads; a few steps of training on a toy sequence
import torch
import torch.nn as nn

torch.manual_seed(42)
rnn = nn.RNN(10, 20, 2)
print(rnn, [(n, tuple(p.shape)) for n, p in rnn.named_parameters()])
input = torch.randn(5, 3, 10)
h0 = torch.randn(2, 3, 20)
output, hn = rnn(input, h0)
print(output.shape, hn.shape, output.grad_fn, hn.grad_fn.name())
print(output[-1, 0, :5], hn[0, 1, :5])

rnn = nn.RNNCell(10, 20)
input = torch.randn(6, 3, 10)
hx = torch.randn(3, 20)
outputs = []
for i in range(6):
    hx = rnn(input[i], hx)
    outputs.append(hx)
print(rnn, torch.stack(outputs).shape, hx[0, :4], hx.grad_fn.name())

gru = nn.GRU(4, 3, batch_first=True)
x = torch.randn(2, 5, 4)
out, h = gru(x)
print(gru, out.shape, h.shape, out[1, -1], h)
cell = nn.GRUCell(4, 3)
print(cell, cell(x[:, 0]))
birnn = nn.RNN(4, 3, bidirectional=True, nonlinearity="relu")
o, hb = birnn(x.transpose(0, 1))
print(birnn, o.shape, hb.shape, o[0, 0])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.RNN(1, 8, batch_first=True)
        self.out = nn.Linear(8, 1)

    def forward(self, x):
        y, _ = self.rnn(x)
        return self.out(y)


torch.manual_seed(0)
model = Model()
t = torch.linspace(0, 6.0, 13)
seq = (t * 0.5).tanh().reshape(1, -1, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(5):
    opt.zero_grad()
    loss = ((model(seq[:, :-1]) - seq[:, 1:]) ** 2).mean()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 6))
print(model.rnn.weight_hh_l0.grad[0, :4])
