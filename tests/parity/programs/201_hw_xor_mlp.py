# Course homework: an MLP learns XOR with nn.Sequential, BCELoss and SGD with momentum
import torch
import torch.nn as nn

torch.manual_seed(0)
X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
y = torch.tensor([[0.0], [1.0], [1.0], [0.0]])
model = nn.Sequential(nn.Linear(2, 4), nn.Tanh(), nn.Linear(4, 1), nn.Sigmoid())
criterion = nn.BCELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
for epoch in range(200):
    optimizer.zero_grad()
    out = model(X)
    loss = criterion(out, y)
    loss.backward()
    optimizer.step()
    if epoch % 20 == 0:
        print(f"epoch {epoch} loss {loss.item()}")
with torch.no_grad():
    pred = model(X)
print(pred)
print((pred > 0.5).float().squeeze().tolist(), ((pred > 0.5).float() == y).all().item())
print(model[0].weight, model[0].bias)
