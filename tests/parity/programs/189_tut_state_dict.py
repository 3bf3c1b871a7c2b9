# state_dict and load_state_dict as in "Learn the Basics: Save and Load the Model", in memory (https://pytorch.org/tutorials/beginner/basics/saveloadrun_tutorial.html)
import torch
import io
from torch import nn
# ruff: noqa: I001 - torch imported first; student code as written

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
sd = model.state_dict()
print(type(sd).__name__, list(sd.keys()))
for k, v in sd.items():
    print(k, tuple(v.shape), v)
print(sd["0.bias"].requires_grad, sd["0.bias"] is model[0].bias)
model2 = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
print(model2.load_state_dict(sd))
print(torch.equal(model2[2].weight, model[2].weight))
buf = io.BytesIO()
torch.save(model.state_dict(), buf)
buf.seek(0)
model3 = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
model3.load_state_dict(torch.load(buf, weights_only=True))
model3.eval()
x = torch.ones(1, 3)
print(model(x), model3(x))
try:
    model3.load_state_dict({"0.weight": torch.zeros(4, 3)})
except RuntimeError as e:
    print(type(e).__name__, e)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
print(opt.state_dict())
