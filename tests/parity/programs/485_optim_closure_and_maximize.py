# optimizer.step(closure) as LBFGS-style code writes it, SGD with maximize=True climbing a
# concave function, and zero_grad between steps (https://pytorch.org/docs/stable/optim.html#optimizer-step-closure)
import torch

w = torch.tensor([0.0, 3.0], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.2, momentum=0.5, dampening=0.5)


def closure():
    opt.zero_grad()
    loss = ((w - torch.tensor([1.0, -1.0])) ** 2).sum()
    loss.backward()
    return loss


for step in range(6):
    loss = opt.step(closure)
    print(step, loss.item(), w.tolist())
print(opt.state_dict()["state"])
h = torch.tensor([4.0], requires_grad=True)
up = torch.optim.SGD([h], lr=0.25, maximize=True, weight_decay=0.1)
for step in range(5):
    up.zero_grad()
    reward = -((h - 1) ** 2).sum()
    reward.backward()
    up.step()
    print(step, reward.item(), h.item(), h.grad)
with torch.no_grad():
    print(up.step(lambda: torch.tensor(7.0)))
