# PyTorch recipes "What is a state_dict in PyTorch" and "Saving and loading a general checkpoint in PyTorch"
# (https://pytorch.org/tutorials/recipes/recipes/what_is_state_dict.html, saving_and_loading_a_general_checkpoint.html); small Net, a temp dir
import torch
import os
import tempfile
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

# ruff: noqa: I001, N812, UP008 - written as the source writes it

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(3, 6, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 3, padding=1)
        self.fc1 = nn.Linear(16 * 1 * 1, 12)
        self.fc2 = nn.Linear(12, 8)
        self.fc3 = nn.Linear(8, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = x.view(-1, 16 * 1 * 1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)
        return x


net = Net()
print(net)
optimizer = optim.SGD(net.parameters(), lr=0.001, momentum=0.9)
print("Model's state_dict:")
for param_tensor in net.state_dict():
    print(param_tensor, "\t", net.state_dict()[param_tensor].size())
print()
print("Optimizer's state_dict:")
for var_name in optimizer.state_dict():
    print(var_name, "\t", optimizer.state_dict()[var_name])
x, y = torch.randn(2, 3, 8, 8), torch.tensor([3, 7])
loss = F.cross_entropy(net(x), y)
loss.backward()
optimizer.step()
print(list(optimizer.state_dict()["state"].keys()), optimizer.state_dict()["state"][9])
EPOCH = 5
PATH = os.path.join(tempfile.mkdtemp(), "model.pt")
LOSS = 0.4
torch.save(
    {
        "epoch": EPOCH,
        "model_state_dict": net.state_dict(),
        "optimizer_state_dict": optimizer.state_dict(),
        "loss": LOSS,
    },
    PATH,
)
model = Net()
optimizer = optim.SGD(model.parameters(), lr=0.001, momentum=0.9)
checkpoint = torch.load(PATH, weights_only=True)
print(model.load_state_dict(checkpoint["model_state_dict"]))
optimizer.load_state_dict(checkpoint["optimizer_state_dict"])
epoch = checkpoint["epoch"]
loss = checkpoint["loss"]
print(epoch, loss, sorted(checkpoint.keys()))
print(model.eval().training, model.train().training)
print(optimizer)
print(
    torch.equal(
        optimizer.state_dict()["state"][9]["momentum_buffer"],
        checkpoint["optimizer_state_dict"]["state"][9]["momentum_buffer"],
    )
)
print(model(x).argmax(1), net(x).argmax(1))
