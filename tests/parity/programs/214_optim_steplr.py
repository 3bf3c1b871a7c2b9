# lr_scheduler.StepLR in a training loop: the learning rate per epoch and get_last_lr()
# (https://pytorch.org/docs/stable/generated/torch.optim.lr_scheduler.StepLR.html)
import torch
from torch.optim.lr_scheduler import StepLR

torch.manual_seed(0)
model = torch.nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scheduler = StepLR(optimizer, step_size=3, gamma=0.5)
X = torch.randn(10, 2)
y = X.sum(1, keepdim=True)
for epoch in range(10):
    optimizer.zero_grad()
    loss = torch.nn.functional.mse_loss(model(X), y)
    loss.backward()
    optimizer.step()
    scheduler.step()
    print(epoch, loss.item(), scheduler.get_last_lr(), optimizer.param_groups[0]["lr"])
print(scheduler.state_dict())
s2 = torch.optim.lr_scheduler.ExponentialLR(
    torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0), gamma=0.9
)
for _ in range(3):
    s2.optimizer.step()
    s2.step()
print(s2.get_last_lr())
