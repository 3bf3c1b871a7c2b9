# Homework: least squares by the normal equation (torch.linalg.inv / solve / lstsq) against
# gradient descent on the same data
import torch

torch.manual_seed(0)
X = torch.cat([torch.ones(20, 1), torch.randn(20, 2)], dim=1)
true_w = torch.tensor([[0.5], [2.0], [-1.0]])
y = X @ true_w + 0.05 * torch.randn(20, 1)
w_inv = torch.linalg.inv(X.T @ X) @ X.T @ y
w_solve = torch.linalg.solve(X.T @ X, X.T @ y)
w_lstsq = torch.linalg.lstsq(X, y).solution
print(w_inv.squeeze(), w_solve.squeeze(), w_lstsq.squeeze())
w = torch.zeros(3, 1, requires_grad=True)
for step in range(200):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        w.grad.zero_()
    if step % 25 == 0:
        print(step, loss.item())
print(w.squeeze(), (w - w_solve).abs().max().item() < 1e-3)
