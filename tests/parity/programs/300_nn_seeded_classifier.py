# nn as PyTorch's 'Build the model' and 'Optimization' tutorials use it: seeded Sequential, named parameters, cross-entropy, softmax, losses, SGD steps, state_dict, a custom Module, Parameter, Dropout, xavier_uniform_, Flatten.
import torch

nn = torch.nn
F = torch.nn.functional
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
print(model)
for n, p in model.named_parameters():
    print(n, p.shape, p)
x = torch.randn(5, 3)
t = torch.tensor([0, 1, 1, 0, 1])
out = model(x)
print(out)
loss = nn.CrossEntropyLoss()(out, t)
print(loss)
loss.backward()
print(model[0].weight.grad)
print(F.softmax(out, dim=1))
print(F.log_softmax(out, 1))
y = torch.randn(5, 2)
print(nn.MSELoss()(out, y), nn.L1Loss()(out, y))
print(F.binary_cross_entropy(torch.sigmoid(out), torch.rand(5, 2)))
print(F.binary_cross_entropy_with_logits(out, torch.rand(5, 2)))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    opt.zero_grad()
    loss_k = F.cross_entropy(model(x), t)
    loss_k.backward()
    opt.step()
    print(step, round(loss_k.item(), 4))
print(list(model.state_dict().keys()))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 3)
        self.act = nn.Tanh()
        self.out = nn.Linear(3, 1)

    def forward(self, x):
        return self.out(self.act(self.fc1(x)))


net = Net()
print(net)
print(net(torch.tensor([1.0, 2.0])))
print(nn.Parameter(torch.tensor([1.0, 2.0])))
d = nn.Dropout(0.5)
print(d(torch.ones(8)))
d.eval()
print(d(torch.ones(3)))
w = torch.zeros(2, 3)
nn.init.xavier_uniform_(w)
print(w)
print(nn.Flatten()(torch.ones(2, 2, 2)).shape, nn.Identity())
