# optim.AdamW versus Adam with weight_decay on a small regression (https://pytorch.org/docs/stable/generated/torch.optim.AdamW.html)
import torch
from torch import nn

for Opt in [torch.optim.Adam, torch.optim.AdamW]:
    torch.manual_seed(0)
    X = torch.randn(16, 3)
    y = X @ torch.tensor([[1.0], [-2.0], [0.5]]) + 0.1
    model = nn.Linear(3, 1)
    opt = Opt(model.parameters(), lr=0.05, weight_decay=0.1)
    print(opt)
    for step in range(20):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        print(step, loss.item())
    print(model.weight.data, model.bias.data)
