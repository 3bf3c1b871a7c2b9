# Standardising features by hand (z-scores) with mean/var/std along dims, in float64 so the
# digits are exact, and std_mean/var_mean in one call (d2l 2.6 and the preprocessing exercises)
import torch

X = torch.tensor(
    [[1.0, 200.0, 3.5], [2.0, 180.0, 2.5], [4.0, 260.0, 4.0], [3.0, 240.0, 1.0]],
    dtype=torch.float64,
)
mu, sd = X.mean(dim=0), X.std(dim=0)
Z = (X - mu) / sd
print(mu, sd, Z)
print(Z.mean(0).abs().max() < 1e-12, Z.std(0), Z.var(0, unbiased=False))
print(torch.std_mean(X, dim=0), torch.var_mean(X, 1, keepdim=True))
print(X.var(), X.std(correction=0), X.var(dim=(0, 1)), X.std(1, keepdim=True))
w = torch.tensor([2.0, 4.0, 4.0, 5.0], dtype=torch.float64, requires_grad=True)
s = w.std()
s.backward()
print(s, s.grad_fn, w.grad)
lse = torch.logsumexp(X, dim=1)
print(lse, torch.logsumexp(X[:, 0], 0))
