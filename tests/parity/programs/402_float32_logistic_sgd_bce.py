# Course homework: logistic regression two ways, nn.BCEWithLogitsLoss on logits and nn.BCELoss on
# sigmoid outputs, trained with optim.SGD; both losses at full precision each epoch
import torch
from torch import nn

torch.manual_seed(2)
X = torch.randn(40, 3)
y = (X @ torch.tensor([1.0, -2.0, 0.5]) > 0.2).float().unsqueeze(1)
for use_logits in [True, False]:
    torch.manual_seed(3)
    model = nn.Linear(3, 1)
    loss_fn = nn.BCEWithLogitsLoss() if use_logits else nn.BCELoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    for epoch in range(10):
        for i in range(0, 40, 8):
            out = model(X[i : i + 8])
            loss = loss_fn(out if use_logits else torch.sigmoid(out), y[i : i + 8])
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(use_logits, epoch, loss.item())
    print(model.weight.data, model.bias.data)
