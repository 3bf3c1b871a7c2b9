# ruff: noqa - written as the source writes it
import torch
from torch import nn

# The zero-to-all lecture series' style (lectures 05-07): a Model class with nn.Linear, a criterion
# with reduction='sum', SGD, a training loop printing epoch and loss, then a prediction after training
torch.manual_seed(777)
x_data = torch.tensor([[1.0], [2.0], [3.0]])
y_data = torch.tensor([[2.0], [4.0], [6.0]])


class Model(nn.Module):
    def __init__(self):
        """
        In the constructor we instantiate two nn.Linear module
        """
        super(Model, self).__init__()
        self.linear = torch.nn.Linear(1, 1)  # One in and one out

    def forward(self, x):
        """
        In the forward function we accept a Variable of input data and we must return
        a Variable of output data.
        """
        y_pred = self.linear(x)
        return y_pred


model = Model()
criterion = torch.nn.MSELoss(reduction="sum")
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

for epoch in range(500):
    y_pred = model(x_data)
    loss = criterion(y_pred, y_data)
    if epoch % 50 == 0:
        print(f"Epoch: {epoch} | Loss: {loss.item()} ")
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

hour_var = torch.tensor([[4.0]])
y_pred = model(hour_var)
print("Prediction (after training)", 4, model(hour_var).data[0][0].item())

# lecture 06: logistic regression
x_data = torch.tensor([[1.0], [2.0], [3.0], [4.0]])
y_data = torch.tensor([[0.0], [0.0], [1.0], [1.0]])


class LogisticModel(nn.Module):
    def __init__(self):
        super(LogisticModel, self).__init__()
        self.linear = nn.Linear(1, 1)

    def forward(self, x):
        y_pred = torch.sigmoid(self.linear(x))
        return y_pred


model = LogisticModel()
criterion = nn.BCELoss(reduction="mean")
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for epoch in range(1000):
    y_pred = model(x_data)
    loss = criterion(y_pred, y_data)
    if epoch % 100 == 0:
        print(f"Epoch {epoch + 1}/1000 | Loss: {loss.item():.4f}")
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print("\nLet's predict the hours need to score above 50%\n" + "=" * 50)
hour_var = model(torch.tensor([[1.0]]))
print(
    f"Prediction after 1 hour of training: {hour_var.item():.4f} | Above 50%: {hour_var.item() > 0.5}"
)
hour_var = model(torch.tensor([[7.0]]))
print(
    f"Prediction after 7 hours of training: {hour_var.item():.4f} | Above 50%: {hour_var.item() > 0.5}"
)

# lecture 07: wide and deep, three layers of sigmoids
xy = torch.rand(20, 9)
x_data = xy[:, 0:-1]
y_data = (xy[:, [-1]] > 0.5).float()
print(f"X's shape: {x_data.shape} | Y's shape: {y_data.shape}")


class DeepModel(nn.Module):
    def __init__(self):
        super(DeepModel, self).__init__()
        self.l1 = nn.Linear(8, 6)
        self.l2 = nn.Linear(6, 4)
        self.l3 = nn.Linear(4, 1)
        self.sigmoid = nn.Sigmoid()

    def forward(self, x):
        out1 = self.sigmoid(self.l1(x))
        out2 = self.sigmoid(self.l2(out1))
        y_pred = self.sigmoid(self.l3(out2))
        return y_pred


model = DeepModel()
criterion = nn.BCELoss(reduction="mean")
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(100):
    y_pred = model(x_data)
    loss = criterion(y_pred, y_data)
    if epoch % 20 == 0:
        print(f"Epoch: {epoch + 1}/100 | Loss: {loss.item():.4f}")
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
