# "Learning PyTorch with Examples", polynomial_nn: nn.Sequential(nn.Linear(3, 1), nn.Flatten(0, 1)), MSELoss(reduction='sum'), manual update (https://pytorch.org/tutorials/beginner/examples_nn/polynomial_nn.html)
import torch
import math
# ruff: noqa: I001 - torch imported first; student code as written

torch.manual_seed(0)
x = torch.linspace(-math.pi, math.pi, 200)
y = torch.sin(x)
p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)
print(xx.shape, xx[:2])
model = torch.nn.Sequential(torch.nn.Linear(3, 1), torch.nn.Flatten(0, 1))
print(model)
loss_fn = torch.nn.MSELoss(reduction="sum")
learning_rate = 1e-5
for t in range(300):
    y_pred = model(xx)
    loss = loss_fn(y_pred, y)
    if t % 30 == 29:
        print(t, loss.item())
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for param in model.parameters():
            param -= learning_rate * param.grad
linear_layer = model[0]
print(
    f"Result: y = {linear_layer.bias.item()} + {linear_layer.weight[:, 0].item()} x + {linear_layer.weight[:, 1].item()} x^2 + {linear_layer.weight[:, 2].item()} x^3"
)
