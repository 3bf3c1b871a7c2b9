# Homework: a 3-class classifier trained with CrossEntropyLoss(weight=..., label_smoothing=0.1) for an
# imbalanced data set; compare with the unweighted loss, NLLLoss(ignore_index), soft targets
import torch
import torch.nn as nn

torch.manual_seed(0)
X = torch.randn(20, 2)
y = torch.tensor([0] * 12 + [1] * 6 + [2] * 2)
counts = torch.tensor([(y == k).sum().item() for k in range(3)])
weight = counts.sum() / (3 * counts.float())
print(weight)
model = nn.Sequential(nn.Linear(2, 8), nn.GELU(), nn.Linear(8, 3))
criterion = nn.CrossEntropyLoss(weight=weight, label_smoothing=0.1)
plain = nn.CrossEntropyLoss()
opt = torch.optim.SGD(model.parameters(), lr=0.5)
for step in range(5):
    opt.zero_grad()
    loss = criterion(model(X), y)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), round(plain(model(X), y).item(), 4))
print(criterion, criterion.weight, criterion.label_smoothing, criterion.ignore_index)
logp = torch.log_softmax(model(X), dim=1)
masked = torch.cat([torch.tensor([-100] * 4), y[4:]])  # the first four labels unknown
print(
    round(nn.NLLLoss()(logp, masked).item(), 4),
    round(nn.NLLLoss(reduction="sum")(logp, y).item(), 4),
)
print(nn.NLLLoss(reduction="none")(logp, masked)[:6])
soft = torch.tensor([[0.8, 0.1, 0.1]] * 20)  # soft labels: mostly class 0
print(round(nn.CrossEntropyLoss()(model(X), soft).item(), 4), loss.grad_fn)
