# PyTorch "Introduction to PyTorch" (YouTube series), "Training with PyTorch" (https://pytorch.org/tutorials/beginner/introyt/trainingyt.html):
# 16+8 random 1x6x6 "garments" for FashionMNIST, a smaller GarmentClassifier, reports every 2 batches, no TensorBoard
import torch
import os
import tempfile
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import TensorDataset

# ruff: noqa: B007, I001, N812, SIM113, UP008, UP032 - written as the source writes it

torch.manual_seed(0)
training_set = TensorDataset(torch.rand(16, 1, 6, 6) * 2 - 1, torch.randint(0, 10, (16,)))
validation_set = TensorDataset(torch.rand(8, 1, 6, 6) * 2 - 1, torch.randint(0, 10, (8,)))
training_loader = torch.utils.data.DataLoader(training_set, batch_size=4, shuffle=True)
validation_loader = torch.utils.data.DataLoader(validation_set, batch_size=4, shuffle=False)
classes = (
    "T-shirt/top",
    "Trouser",
    "Pullover",
    "Dress",
    "Coat",
    "Sandal",
    "Shirt",
    "Sneaker",
    "Bag",
    "Ankle Boot",
)
print("Training set has {} instances".format(len(training_set)))
print("Validation set has {} instances".format(len(validation_set)))
dataiter = iter(training_loader)
images, labels = next(dataiter)
print("  ".join(classes[labels[j]] for j in range(4)))


class GarmentClassifier(nn.Module):
    def __init__(self):
        super(GarmentClassifier, self).__init__()
        self.conv1 = nn.Conv2d(1, 4, 3)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(4, 8, 3, padding=1)
        self.fc1 = nn.Linear(8 * 1 * 1, 32)
        self.fc2 = nn.Linear(32, 16)
        self.fc3 = nn.Linear(16, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = x.view(-1, 8 * 1 * 1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)
        return x


model = GarmentClassifier()
loss_fn = torch.nn.CrossEntropyLoss()
dummy_outputs = torch.rand(4, 10)
dummy_labels = torch.tensor([1, 5, 3, 7])
print(dummy_outputs)
print(dummy_labels)
loss = loss_fn(dummy_outputs, dummy_labels)
print("Total loss for this batch: {}".format(loss.item()))
optimizer = torch.optim.SGD(model.parameters(), lr=0.001, momentum=0.9)


def train_one_epoch(epoch_index):
    running_loss = 0.0
    last_loss = 0.0
    for i, data in enumerate(training_loader):
        inputs, labels = data
        optimizer.zero_grad()
        outputs = model(inputs)
        loss = loss_fn(outputs, labels)
        loss.backward()
        optimizer.step()
        running_loss += loss.item()
        if i % 2 == 1:
            last_loss = running_loss / 2
            print("  batch {} loss: {}".format(i + 1, last_loss))
            running_loss = 0.0
    return last_loss


timestamp = "20240101_000000"
epoch_number = 0
EPOCHS = 2
best_vloss = 1_000_000.0
tmp = tempfile.mkdtemp()
for epoch in range(EPOCHS):
    print("EPOCH {}:".format(epoch_number + 1))
    model.train(True)
    avg_loss = train_one_epoch(epoch_number)
    model.train(False)
    running_vloss = 0.0
    for i, vdata in enumerate(validation_loader):
        vinputs, vlabels = vdata
        voutputs = model(vinputs)
        vloss = loss_fn(voutputs, vlabels)
        running_vloss += vloss
    avg_vloss = running_vloss / (i + 1)
    print("LOSS train {} valid {}".format(avg_loss, avg_vloss))
    if avg_vloss < best_vloss:
        best_vloss = avg_vloss
        model_path = os.path.join(tmp, "model_{}_{}".format(timestamp, epoch_number))
        torch.save(model.state_dict(), model_path)
        print(os.path.basename(model_path))
    epoch_number += 1
saved_model = GarmentClassifier()
print(saved_model.load_state_dict(torch.load(model_path)))
print(torch.equal(saved_model.fc3.bias, model.fc3.bias), best_vloss)
