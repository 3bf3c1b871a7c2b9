# Course homework: logistic regression on two Gaussian blobs, nn.Linear + BCEWithLogitsLoss + Adam
import torch
import torch.nn as nn

torch.manual_seed(0)
n = 20
X = torch.cat(
    [torch.randn(n, 2) + torch.tensor([2.0, 2.0]), torch.randn(n, 2) - torch.tensor([2.0, 2.0])]
)
y = torch.cat([torch.ones(n), torch.zeros(n)])


class LogisticRegression(nn.Module):
    def __init__(self, in_features):
        super().__init__()
        self.linear = nn.Linear(in_features, 1)

    def forward(self, x):
        return self.linear(x).squeeze(-1)


model = LogisticRegression(2)
print(model)
loss_fn = nn.BCEWithLogitsLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.1)
for epoch in range(30):
    logits = model(X)
    loss = loss_fn(logits, y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    acc = ((logits > 0).float() == y).float().mean()
    print(epoch, loss.item(), acc.item())
print(model.linear.weight.data, model.linear.bias.data)
print(torch.sigmoid(model(torch.tensor([[0.0, 0.0], [3.0, 3.0]]))))
