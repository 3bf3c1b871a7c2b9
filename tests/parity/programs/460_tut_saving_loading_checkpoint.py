# Recipe "Saving and loading a general checkpoint": model and optimizer state in one dict, torch.save,
# torch.load(weights_only=True), load_state_dict, eval() (pytorch.org/tutorials/recipes/recipes)
import torch
import io
import torch.nn as nn
import torch.nn.functional as F

# ruff: noqa: B007, I001, N812 - written as the recipe writes it


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 3)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


torch.manual_seed(0)
net = Net()
optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
x, y = torch.randn(6, 4), torch.randint(0, 3, (6,))
for epoch in range(3):
    optimizer.zero_grad()
    loss = F.cross_entropy(net(x), y)
    loss.backward()
    optimizer.step()
print("loss", loss.item())
f = io.BytesIO()
torch.save(
    {
        "epoch": epoch,
        "model_state_dict": net.state_dict(),
        "optimizer_state_dict": optimizer.state_dict(),
        "loss": loss.item(),
    },
    f,
)
f.seek(0)
model = Net()
checkpoint = torch.load(f, weights_only=True)
print(sorted(checkpoint), checkpoint["epoch"], checkpoint["loss"])
print(model.load_state_dict(checkpoint["model_state_dict"]))
model.eval()
print(model.training, model.fc1.training)
print(torch.equal(model(x), net(x)), model(x).argmax(1), y)
for name, t in checkpoint["model_state_dict"].items():
    print(name, t.shape, t.requires_grad, t.dtype)
