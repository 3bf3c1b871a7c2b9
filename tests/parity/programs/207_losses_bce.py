# nn.BCELoss and nn.BCEWithLogitsLoss: values, weights, pos_weight, grad_fns, and the out-of-range error
# (https://pytorch.org/docs/stable/generated/torch.nn.BCEWithLogitsLoss.html)
import torch
import torch.nn as nn

logits = torch.tensor([1.2, -0.7, 0.0, 3.0], requires_grad=True)
target = torch.tensor([1.0, 0.0, 1.0, 1.0])
probs = torch.sigmoid(logits)
bce = nn.BCELoss()
out = bce(probs, target)
print(out, out.item(), out.grad_fn)
out.backward()
print(logits.grad)
logits.grad = None
bl = nn.BCEWithLogitsLoss()
out2 = bl(logits, target)
print(out2, out2.item(), out2.grad_fn)
out2.backward()
print(logits.grad)
print(nn.BCEWithLogitsLoss(pos_weight=torch.tensor([2.0]))(logits, target))
print(nn.BCELoss(weight=torch.tensor([1.0, 2.0, 1.0, 0.5]))(probs, target))
print(nn.BCELoss(reduction="none")(probs, target))
print(nn.BCEWithLogitsLoss(reduction="sum")(logits, target))
try:
    nn.BCELoss()(torch.tensor([1.5]), torch.tensor([1.0]))
except RuntimeError as e:
    print(type(e).__name__, e)
print(nn.BCELoss()(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 0.0])))
