# pytorch/examples regression/main.py: fit a degree-4 polynomial with one nn.Linear, F.smooth_l1_loss, param.add_(-0.1 * grad)
# until the loss is below 1e-3 (param.data.add_ as later versions write it: the original's add_ on the leaf raises, shown first); seeded, capped
import torch
import torch.nn.functional as F
from itertools import count

# ruff: noqa: I001, N812, UP032 - written as the source writes it

torch.manual_seed(0)
POLY_DEGREE = 4
W_target = torch.randn(POLY_DEGREE, 1) * 5
b_target = torch.randn(1) * 5


def make_features(x):
    """Builds features i.e. a matrix with columns [x, x^2, x^3, x^4]."""
    x = x.unsqueeze(1)
    return torch.cat([x**i for i in range(1, POLY_DEGREE + 1)], 1)


def f(x):
    """Approximated function."""
    return x.mm(W_target) + b_target.item()


def poly_desc(W, b):
    """Creates a string description of a polynomial."""
    result = "y = "
    for i, w in enumerate(W):
        result += "{:+.2f} x^{} ".format(w, i + 1)
    result += "{:+.2f}".format(b[0])
    return result


def get_batch(batch_size=32):
    """Builds a batch i.e. (x, f(x)) pair."""
    random = torch.randn(batch_size)
    x = make_features(random)
    y = f(x)
    return x, y


fc = torch.nn.Linear(W_target.size(0), 1)
try:
    for param in fc.parameters():
        param.add_(-0.1 * torch.ones_like(param))
except RuntimeError as e:
    print("RuntimeError:", e)
for batch_idx in count(1):
    batch_x, batch_y = get_batch()
    fc.zero_grad()
    output = F.smooth_l1_loss(fc(batch_x), batch_y)
    loss = output.item()
    output.backward()
    for param in fc.parameters():
        param.data.add_(-0.1 * param.grad)
    if batch_idx % 50 == 0:
        print(batch_idx, loss)
    if loss < 1e-3 or batch_idx == 300:
        break
print("Loss: {:.6f} after {} batches".format(loss, batch_idx))
print("==> Learned function:\t" + poly_desc(fc.weight.view(-1), fc.bias))
print("==> Actual function:\t" + poly_desc(W_target.view(-1), b_target))
