# log-sum-exp by hand (the d2l softmax section's overflow discussion) against torch.logsumexp
import torch

for X in [
    torch.tensor([1.0, 2.0, 3.0]),
    torch.tensor([100.0, 101.0, 102.0]),
    torch.tensor([1000.0, 0.0, -1000.0]),
]:
    naive = torch.log(torch.exp(X).sum())
    m = X.max()
    stable = m + torch.log(torch.exp(X - m).sum())
    print(naive.item(), stable.item(), torch.logsumexp(X, dim=0).item())
    print(torch.softmax(X, 0), torch.exp(X) / torch.exp(X).sum())
x = torch.tensor([0.5, -1.5, 2.5], requires_grad=True)
torch.logsumexp(x, 0).backward()
print(x.grad, x.grad.sum().item())
