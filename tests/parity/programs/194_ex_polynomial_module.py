# "Learning PyTorch with Examples", polynomial_module: class Polynomial3(nn.Module) with four nn.Parameter(torch.randn(())) (https://pytorch.org/tutorials/beginner/examples_nn/polynomial_module.html)
import torch
import math
# ruff: noqa: I001 - torch imported first; student code as written

torch.manual_seed(0)


class Polynomial3(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Parameter(torch.randn(()))
        self.b = torch.nn.Parameter(torch.randn(()))
        self.c = torch.nn.Parameter(torch.randn(()))
        self.d = torch.nn.Parameter(torch.randn(()))

    def forward(self, x):
        return self.a + self.b * x + self.c * x**2 + self.d * x**3

    def string(self):
        return (
            f"y = {self.a.item()} + {self.b.item()} x + {self.c.item()} x^2 + {self.d.item()} x^3"
        )


x = torch.linspace(-math.pi, math.pi, 200)
y = torch.sin(x)
model = Polynomial3()
print(model, list(dict(model.named_parameters())))
criterion = torch.nn.MSELoss(reduction="sum")
optimizer = torch.optim.SGD(model.parameters(), lr=1e-5)
for t in range(300):
    y_pred = model(x)
    loss = criterion(y_pred, y)
    if t % 30 == 29:
        print(t, loss.item())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(f"Result: {model.string()}")
