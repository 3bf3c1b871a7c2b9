# d2l.ai 4.5 concise softmax regression: nn.Flatten + nn.Linear, init_weights with nn.init.normal_,
# nn.CrossEntropyLoss(reduction='none') (https://d2l.ai/chapter_linear-classification/softmax-regression-concise.html)
import torch
from torch import nn

# ruff: noqa: E721, E741 - written as the source writes it

torch.manual_seed(0)
X_all = torch.randn(30, 2, 2)
y_all = torch.randint(0, 3, (30,))
net = nn.Sequential(nn.Flatten(), nn.Linear(4, 3))


def init_weights(m):
    if type(m) == nn.Linear:
        nn.init.normal_(m.weight, std=0.01)


net.apply(init_weights)
print(net)
loss = nn.CrossEntropyLoss(reduction="none")
trainer = torch.optim.SGD(net.parameters(), lr=0.1)
for epoch in range(8):
    for i in range(0, 30, 10):
        X, y = X_all[i : i + 10], y_all[i : i + 10]
        l = loss(net(X), y)
        trainer.zero_grad()
        l.mean().backward()
        trainer.step()
    with torch.no_grad():
        out = net(X_all)
        print(
            epoch + 1,
            loss(out, y_all).mean().item(),
            (out.argmax(1) == y_all).float().mean().item(),
        )
print(l, l.grad_fn)
