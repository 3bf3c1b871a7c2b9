# CTC, the loss of speech and handwriting recognisers: the summed probability of every way a
# sequence of per-frame class scores spells a shorter target (class 0 is the blank).
import torch
import torch.nn as nn
import torch.nn.functional as F

# ruff: noqa: N812 - written as the tutorial writes it

torch.manual_seed(0)
T, N, C = 6, 2, 4  # frames, batch, classes (blank included)
model = nn.Linear(3, C)
frames = torch.randn(T, N, 3)
targets = torch.tensor([[1, 2, 2], [3, 1, 0]])
input_lengths = torch.tensor([6, 5])
target_lengths = torch.tensor([3, 2])

ctc = nn.CTCLoss()
print(ctc, ctc.blank, ctc.reduction, ctc.zero_infinity)
log_probs = model(frames).log_softmax(2)
loss = ctc(log_probs, targets, input_lengths, target_lengths)
print(loss, loss.grad_fn, loss.grad_fn.next_functions[0][0])
loss.backward()
print(model.bias.grad)
print(model.weight.grad)

opt = torch.optim.SGD(model.parameters(), lr=0.5)
for step in range(4):
    opt.zero_grad()
    loss = ctc(model(frames).log_softmax(2), targets, input_lengths, target_lengths)
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.6f}")  # the Linear layer's float32 grads: last bits aside

# every reduction, concatenated targets, and a float64 run
lp = model(frames).log_softmax(2).detach().requires_grad_()
flat = torch.cat([targets[0, :3], targets[1, :2]])
for reduction in ("none", "sum", "mean"):
    out = F.ctc_loss(lp, flat, input_lengths, target_lengths, reduction=reduction)
    print(reduction, out, out.grad_fn.name())
lp64 = lp.detach().double().requires_grad_()
out = F.ctc_loss(lp64, targets, [6, 5], [3, 2], reduction="sum")
out.backward()
print(out, lp64.grad[0])

# a target that cannot fit its input: inf, nan grads; zero_infinity makes both 0
short = torch.tensor([2, 5])
lp.grad = None
out = F.ctc_loss(lp, targets, short, target_lengths, reduction="none")
out.sum().backward()
print(out, lp.grad[:2, 0])
lp.grad = None
out = F.ctc_loss(lp, targets, short, target_lengths, reduction="none", zero_infinity=True)
out.sum().backward()
print(out, out.grad_fn.name(), lp.grad[:2, 0])
print(torch.ctc_loss(lp, targets, input_lengths, target_lengths, 0, 2, False))

try:
    F.ctc_loss(lp, targets, input_lengths, target_lengths, blank=4)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    F.ctc_loss(lp, targets, torch.tensor([7, 5]), target_lengths)
except RuntimeError as e:
    print("RuntimeError:", e)
