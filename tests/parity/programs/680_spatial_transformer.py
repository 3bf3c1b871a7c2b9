# A tiny spatial transformer (Jaderberg et al., the PyTorch tutorial's STN): a localisation
# layer predicts an affine matrix, F.affine_grid turns it into a sampling grid and
# F.grid_sample reads the image there; one SGD step trains the localisation layer.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

# ruff: noqa: N812 - written as the tutorial writes it

torch.manual_seed(0)
img = torch.arange(16.0).reshape(1, 1, 4, 4) / 16
target = img.flip(-1)  # the image mirrored left to right: theta should learn x -> -x

loc = nn.Linear(16, 6)
with torch.no_grad():  # start at the identity transform, as the tutorial does
    loc.weight.zero_()
    loc.bias.copy_(torch.tensor([1.0, 0.0, 0.0, 0.0, 1.0, 0.0]))
opt = torch.optim.SGD(loc.parameters(), lr=0.5)

theta = loc(img.flatten(1)).view(-1, 2, 3)
grid = F.affine_grid(theta, img.size(), align_corners=False)
print(grid.shape, grid.grad_fn)
print(grid[0, 0])
out = F.grid_sample(img, grid, align_corners=False)
print(out.grad_fn, out.grad_fn.next_functions)
print(out)
loss = F.mse_loss(out, target)
loss.backward()
print(loss, loc.bias.grad)
opt.step()

for step in range(3):
    opt.zero_grad()
    theta = loc(img.flatten(1)).view(-1, 2, 3)
    grid = F.affine_grid(theta, img.size(), align_corners=False)
    loss = F.mse_loss(F.grid_sample(img, grid, align_corners=False), target)
    loss.backward()
    opt.step()
    # theta to 4 digits: its grads carry the kernel's own summation order in their last bits
    print(step, f"{loss.item():.6f}", theta.detach().view(-1)[:3])

# the other modes and paddings on one grid: a shift half a pixel to the right and down
shift = torch.tensor([[[1.0, 0.0, 0.25], [0.0, 1.0, 0.25]]])
g = F.affine_grid(shift, [1, 1, 3, 3], align_corners=True)
for mode in ("bilinear", "nearest", "bicubic"):
    for pad in ("zeros", "border", "reflection"):
        o = F.grid_sample(img, g, mode=mode, padding_mode=pad, align_corners=True)
        print(mode, pad, o.flatten().tolist()[:4] if mode != "bicubic" else o.flatten()[:4])

# the grid's own gradient, and the zeros nearest mode gives it
g = g.clone().requires_grad_()
F.grid_sample(img, g, mode="bilinear", align_corners=True).sum().backward()
print(g.grad[0, 1])
g.grad = None
F.grid_sample(img, g, mode="nearest", align_corners=True).sum().backward()
print(g.grad.abs().sum())

# PyTorch's errors and the old default's warning
for kwargs in ({"mode": "area"}, {"padding_mode": "wrap"}):
    try:
        F.grid_sample(img, g, align_corners=True, **kwargs)
    except ValueError as e:
        print("ValueError:", e)
try:
    F.affine_grid(torch.zeros(1, 3, 3), [1, 1, 2, 2], align_corners=False)
except ValueError as e:
    print("ValueError:", e)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    F.grid_sample(img, g.detach())
print(caught[0].category.__name__, str(caught[0].message)[:60])
print(torch.grid_sampler(img, g.detach(), 0, 1, True).shape, F.GRID_SAMPLE_PADDING_MODES)
