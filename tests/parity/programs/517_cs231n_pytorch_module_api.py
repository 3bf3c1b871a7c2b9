# CS231n assignment 2, PyTorch.ipynb parts III-IV: TwoLayerFC and ThreeLayerConvNet as nn.Module with
# nn.init.kaiming_normal_, check_accuracy_part34/train_part34, Flatten + nn.Sequential, SGD nesterov; random data
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset

# ruff: noqa: B007, N812, UP031 - written as the source writes it

dtype = torch.float32
device = torch.device("cpu")
print_every = 2
torch.manual_seed(0)
loader_train = DataLoader(
    TensorDataset(torch.randn(32, 2, 3, 3), torch.randint(0, 10, (32,))), batch_size=16
)
loader_val = DataLoader(
    TensorDataset(torch.randn(16, 2, 3, 3), torch.randint(0, 10, (16,))), batch_size=16
)


def flatten(x):
    N = x.shape[0]
    return x.view(N, -1)


class TwoLayerFC(nn.Module):
    def __init__(self, input_size, hidden_size, num_classes):
        super().__init__()
        self.fc1 = nn.Linear(input_size, hidden_size)
        nn.init.kaiming_normal_(self.fc1.weight)
        self.fc2 = nn.Linear(hidden_size, num_classes)
        nn.init.kaiming_normal_(self.fc2.weight)

    def forward(self, x):
        x = flatten(x)
        scores = self.fc2(F.relu(self.fc1(x)))
        return scores


def test_TwoLayerFC():
    input_size = 50
    x = torch.zeros((64, input_size), dtype=dtype)
    model = TwoLayerFC(input_size, 42, 10)
    scores = model(x)
    print(scores.size())


test_TwoLayerFC()


class ThreeLayerConvNet(nn.Module):
    def __init__(self, in_channel, channel_1, channel_2, num_classes):
        super().__init__()
        self.conv1 = nn.Conv2d(in_channel, channel_1, 5, padding=2)
        nn.init.kaiming_normal_(self.conv1.weight)
        self.conv2 = nn.Conv2d(channel_1, channel_2, 3, padding=1)
        nn.init.kaiming_normal_(self.conv2.weight)
        self.fc = nn.Linear(channel_2 * 3 * 3, num_classes)
        nn.init.kaiming_normal_(self.fc.weight)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        scores = self.fc(flatten(x))
        return scores


def test_ThreeLayerConvNet():
    x = torch.zeros((2, 2, 3, 3), dtype=dtype)
    model = ThreeLayerConvNet(in_channel=2, channel_1=4, channel_2=3, num_classes=10)
    scores = model(x)
    print(model)
    print(scores.size())


test_ThreeLayerConvNet()


def check_accuracy_part34(loader, model):
    print("Checking accuracy on validation set")
    num_correct = 0
    num_samples = 0
    model.eval()
    with torch.no_grad():
        for x, y in loader:
            x = x.to(device=device, dtype=dtype)
            y = y.to(device=device, dtype=torch.long)
            scores = model(x)
            _, preds = scores.max(1)
            num_correct += (preds == y).sum()
            num_samples += preds.size(0)
        acc = float(num_correct) / num_samples
        print("Got %d / %d correct (%.2f)" % (num_correct, num_samples, 100 * acc))


def train_part34(model, optimizer, epochs=1):
    model = model.to(device=device)
    for e in range(epochs):
        for t, (x, y) in enumerate(loader_train):
            model.train()
            x = x.to(device=device, dtype=dtype)
            y = y.to(device=device, dtype=torch.long)
            scores = model(x)
            loss = F.cross_entropy(scores, y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if t % print_every == 0:
                print("Iteration %d, loss = %.4f" % (t, loss.item()))
                check_accuracy_part34(loader_val, model)
                print()


hidden_layer_size = 12
learning_rate = 1e-2
model = TwoLayerFC(2 * 3 * 3, hidden_layer_size, 10)
optimizer = optim.SGD(model.parameters(), lr=learning_rate)
train_part34(model, optimizer)
model = ThreeLayerConvNet(in_channel=2, channel_1=4, channel_2=3, num_classes=10)
optimizer = optim.SGD(model.parameters(), lr=3e-3)
train_part34(model, optimizer)


class Flatten(nn.Module):
    def forward(self, x):
        return flatten(x)


model = nn.Sequential(
    Flatten(),
    nn.Linear(2 * 3 * 3, hidden_layer_size),
    nn.ReLU(),
    nn.Linear(hidden_layer_size, 10),
)
optimizer = optim.SGD(model.parameters(), lr=learning_rate, momentum=0.9, nesterov=True)
print(model)
train_part34(model, optimizer, epochs=2)
