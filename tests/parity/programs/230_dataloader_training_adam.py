# A full minibatch training loop: DataLoader(shuffle=True), nn.Sequential, MSELoss, Adam, the mean
# epoch loss (the pattern of https://pytorch.org/tutorials/beginner/basics/optimization_tutorial.html)
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
X = torch.rand(48, 1) * 4 - 2
y = X**2 + 0.1 * torch.randn(48, 1)
loader = DataLoader(TensorDataset(X, y), batch_size=12, shuffle=True)
model = nn.Sequential(nn.Linear(1, 10), nn.ReLU(), nn.Linear(10, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.02)
loss_fn = nn.MSELoss()
for epoch in range(15):
    total = 0.0
    for xb, yb in loader:
        opt.zero_grad()
        loss = loss_fn(model(xb), yb)
        loss.backward()
        opt.step()
        total += loss.item() * len(xb)
    print(epoch, total / len(loader.dataset), loss.item())
with torch.no_grad():
    print(model(torch.tensor([[-1.0], [0.0], [1.5]])))
