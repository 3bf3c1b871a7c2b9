# d2l.ai 3.3 "Concise Implementation of Linear Regression": nn.Sequential(nn.Linear(2, 1)), MSELoss,
# SGD, DataLoader(shuffle=True) (https://d2l.ai/chapter_linear-regression/linear-regression-concise.html)
import torch
from torch import nn
from torch.utils import data

# ruff: noqa: E741 - written as the source writes it

torch.manual_seed(0)
true_w = torch.tensor([2, -3.4])
true_b = 4.2
features = torch.normal(0, 1, (100, 2))
labels = (torch.matmul(features, true_w) + true_b + torch.normal(0, 0.01, (100,))).reshape(-1, 1)


def load_array(data_arrays, batch_size, is_train=True):
    dataset = data.TensorDataset(*data_arrays)
    return data.DataLoader(dataset, batch_size, shuffle=is_train)


batch_size = 10
data_iter = load_array((features, labels), batch_size)
print(next(iter(data_iter)))
net = nn.Sequential(nn.Linear(2, 1))
net[0].weight.data.normal_(0, 0.01)
net[0].bias.data.fill_(0)
print(net, net[0].weight, net[0].bias)
loss = nn.MSELoss()
trainer = torch.optim.SGD(net.parameters(), lr=0.03)
num_epochs = 3
for epoch in range(num_epochs):
    for X, y in data_iter:
        l = loss(net(X), y)
        trainer.zero_grad()
        l.backward()
        trainer.step()
    l = loss(net(features), labels)
    print(f"epoch {epoch + 1}, loss {l:f}", l.item())
w = net[0].weight.data
print("error in estimating w:", true_w - w.reshape(true_w.shape))
b = net[0].bias.data
print("error in estimating b:", true_b - b)
