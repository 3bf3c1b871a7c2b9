# The evaluation pattern of most homework: model.eval(), torch.no_grad(), argmax, accuracy via .item()
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Dropout(0.3), nn.Linear(6, 3))
X = torch.randn(25, 4)
y = torch.randint(0, 3, (25,))
model.eval()
with torch.no_grad():
    logits = model(X)
    pred = logits.argmax(dim=1)
    correct = (pred == y).type(torch.float).sum().item()
    loss = nn.functional.cross_entropy(logits, y)
print(logits.requires_grad, logits.grad_fn, pred)
print(correct, correct / len(y), f"Accuracy: {100 * correct / len(y):>0.1f}%", loss.item())
print((pred == y).float().mean(), (pred == y).sum(), torch.sum(pred == y).item())
probs = torch.softmax(logits, dim=1)
conf, cls = probs.max(1)
print(conf, cls, torch.equal(cls, pred))
