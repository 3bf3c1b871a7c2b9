# ruff: noqa - written as the source writes it
# yunjey/pytorch-tutorial 01-basics/pytorch_basics/main.py: the autograd examples, the empty custom
# dataset, freezing a model's parameters, a state dict saved and loaded (a small model for the
# downloaded ResNet, a buffer for the files; numpy and torchvision parts left out)
import torch
import torch.nn as nn
import io

torch.manual_seed(0)

# Create tensors.
x = torch.tensor(1.0, requires_grad=True)
w = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)

# Build a computational graph.
y = w * x + b  # y = 2 * x + 3

# Compute gradients.
y.backward()

# Print out the gradients.
print(x.grad)  # x.grad = 2
print(w.grad)  # w.grad = 1
print(b.grad)  # b.grad = 1


# ================================================================== #
#                    2. Basic autograd example 2                     #
# ================================================================== #

# Create tensors of shape (10, 3) and (10, 2).
x = torch.randn(10, 3)
y = torch.randn(10, 2)

# Build a fully connected layer.
linear = nn.Linear(3, 2)
print("w: ", linear.weight)
print("b: ", linear.bias)

# Build loss function and optimizer.
criterion = nn.MSELoss()
optimizer = torch.optim.SGD(linear.parameters(), lr=0.01)

# Forward pass.
pred = linear(x)

# Compute loss.
loss = criterion(pred, y)
print("loss: ", loss.item())

# Backward pass.
loss.backward()

# Print out the gradients.
print("dL/dw: ", linear.weight.grad)
print("dL/db: ", linear.bias.grad)

# 1-step gradient descent.
optimizer.step()

# You can also perform gradient descent at the low level.
# linear.weight.data.sub_(0.01 * linear.weight.grad.data)
# linear.bias.data.sub_(0.01 * linear.bias.grad.data)

# Print out the loss after 1-step gradient descent.
pred = linear(x)
loss = criterion(pred, y)
print("loss after 1 step optimization: ", loss.item())


# You should build your custom dataset as below.
class CustomDataset(torch.utils.data.Dataset):
    def __init__(self):
        # TODO
        # 1. Initialize file paths or a list of file names.
        pass

    def __getitem__(self, index):
        # TODO
        # 1. Read one data from file (e.g. using numpy.fromfile, PIL.Image.open).
        # 2. Preprocess the data (e.g. torchvision.Transform).
        # 3. Return a data pair (e.g. image and label).
        pass

    def __len__(self):
        # You should change 0 to the total size of your dataset.
        return 0


# You can then use the prebuilt data loader.
custom_dataset = CustomDataset()
try:  # PyTorch 2.13 refuses to shuffle an empty dataset
    train_loader = torch.utils.data.DataLoader(dataset=custom_dataset, batch_size=64, shuffle=True)
except ValueError as e:
    print("ValueError:", e)
print(len(custom_dataset))

resnet = nn.Sequential(nn.Linear(8, 4), nn.ReLU())
resnet.fc = nn.Linear(4, 100)
for param in resnet.parameters():
    param.requires_grad = False
resnet.fc = nn.Linear(resnet.fc.in_features, 100)  # 100 is an example.
print(sum(p.requires_grad for p in resnet.parameters()))

# Save and load the entire model.
f = io.BytesIO()
torch.save(resnet.state_dict(), f)
f.seek(0)
print(resnet.load_state_dict(torch.load(f)))

# Save and load only the model parameters (recommended).
