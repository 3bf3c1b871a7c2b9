# A tour of torch-level functions that tutorials meet now and then: sampling counts,
# incomplete gamma functions, ATen's native layer norm, buffers, histograms and versions.
import array

import torch
from torch.torch_version import TorchVersion

# binomial: the number of successes in `count` trials of probability `prob`
torch.manual_seed(0)
count = torch.tensor([10.0, 100.0, 1000.0, 5.0])
prob = torch.tensor([0.5, 0.3, 0.02, 0.9])
print("binomial draws:", torch.binomial(count, prob))
draws = torch.binomial(torch.full((2000,), 20.0), torch.full((2000,), 0.25))
print("mean of 2000 draws of B(20, 0.25):", draws.mean().item(), "(expected 5)")
print("float64:", torch.binomial(count.double(), prob.double()))

# igamma / igammac: the regularized lower and upper incomplete gamma functions
a = torch.tensor([0.5, 1.0, 2.0, 5.0])
x = torch.tensor([0.5, 1.0, 3.0, 2.0], requires_grad=True)
p = torch.igamma(a, x)
q = torch.igammac(a, x)
print("P(a, x):", p)
print("P + Q == 1:", ((p + q) - 1).abs().max().item() < 1e-6)
p.sum().backward()
print("dP/dx = x^(a-1) e^-x / Gamma(a):", x.grad)
# for a = 1, P(1, x) = 1 - exp(-x)
print(
    torch.igamma(torch.ones(3), torch.tensor([0.1, 1.0, 4.0])),
    1 - torch.exp(-torch.tensor([0.1, 1.0, 4.0])),
)

# native_layer_norm also returns the statistics the backward pass keeps
h = torch.tensor([[1.0, 2.0, 4.0, 9.0], [0.0, 0.0, 1.0, -1.0]], requires_grad=True)
out, mean, rstd = torch.native_layer_norm(h, [4], None, None, 1e-5)
print(out)
print("mean", mean.flatten(), "1/std", rstd.flatten())
out[:, 0].sum().backward()
print(h.grad)

# native_dropout returns the kept-mask next to the output
torch.manual_seed(3)
y, mask = torch.native_dropout(torch.ones(8), 0.5, True)
print(y, mask)

# frombuffer reads a Python buffer's bytes as numbers (here: a copy of them)
buf = array.array("f", [0.5, 1.5, 2.5, 3.5])
print(torch.frombuffer(buf, dtype=torch.float32))
print(torch.frombuffer(bytearray(b"\x01\x02\x03\x04"), dtype=torch.uint8, count=2, offset=1))

# histogramdd counts points in a grid of bins
points = torch.tensor([[0.1, 0.2], [0.4, 0.9], [0.8, 0.1], [0.9, 0.8], [0.5, 0.5]])
hist, edges = torch.histogramdd(points, bins=[2, 2], range=[0.0, 1.0, 0.0, 1.0])
print(hist)
print(edges)

# norms kept for old code: frobenius_norm over dims, nuclear_norm = sum of singular values
m = torch.tensor([[3.0, 0.0], [4.0, 5.0]], requires_grad=True)
print(torch.frobenius_norm(m, dim=(0, 1)), torch.norm_except_dim(m, 2, 0).flatten())
n = torch.nuclear_norm(m)
n.backward()
print(n, m.grad)

# one LSTM step with the functional form the nn cells use
torch.manual_seed(0)
cell = torch.nn.LSTMCell(2, 3)
inp, state = torch.tensor([[1.0, -1.0]]), (torch.zeros(1, 3), torch.zeros(1, 3))
h1, c1 = torch.lstm_cell(inp, state, cell.weight_ih, cell.weight_hh, cell.bias_ih, cell.bias_hh)
h2, c2 = cell(inp, state)
print(h1, torch.equal(h1, h2), torch.equal(c1, c2))

# the version is a string that compares as a version
v = TorchVersion("2.13.0")
print(v >= (2, 0), v < "2.13.1", v > "2.9", v == "2.13")
