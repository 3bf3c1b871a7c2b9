# nn.CrossEntropyLoss and nn.NLLLoss with log_softmax: values, reductions, weights, ignore_index,
# label_smoothing, probability targets (https://pytorch.org/docs/stable/generated/torch.nn.CrossEntropyLoss.html)
import torch
import torch.nn as nn
import torch.nn.functional as F

# ruff: noqa: N812 - written as the source writes it

logits = torch.tensor(
    [[2.0, 1.0, 0.1], [0.5, 2.5, 0.3], [1.0, 1.0, 1.0], [-1.0, 0.0, 3.0]], requires_grad=True
)
target = torch.tensor([0, 1, 2, 1])
ce = nn.CrossEntropyLoss()
loss = ce(logits, target)
print(loss, loss.item(), loss.grad_fn, loss.grad_fn.next_functions)
loss.backward()
print(logits.grad)
nll = nn.NLLLoss()
lsm = F.log_softmax(logits, dim=1)
print(lsm, nll(lsm, target), nll(lsm, target).grad_fn)
print(nn.CrossEntropyLoss(reduction="none")(logits, target))
print(nn.CrossEntropyLoss(reduction="sum")(logits, target))
print(nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0, 0.5]))(logits, target))
print(nn.CrossEntropyLoss(ignore_index=1)(logits, target))
print(nn.CrossEntropyLoss(label_smoothing=0.1)(logits, target))
print(nn.CrossEntropyLoss()(logits, torch.softmax(torch.tensor([[1.0, 0.0, 0.0]] * 4), 1)))
print(ce(logits[0], target[0]), ce)
try:
    ce(logits, torch.tensor([0, 1, 2, 3]))
except IndexError as e:
    print(type(e).__name__, e)
try:
    ce(logits, target.float())
except RuntimeError as e:
    print(type(e).__name__, e)
