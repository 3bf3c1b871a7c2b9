# Homework gradient check: analytic grads of a tiny MLP against central differences, relative
# error printed in float32 and in float64 (CS231n-style grad check)
import torch


def loss_fn(W1, W2, X):
    return torch.tanh(X @ W1).matmul(W2).pow(2).mean()


for dtype in [torch.float32, torch.float64]:
    X = torch.linspace(-1, 1, 12, dtype=dtype).reshape(4, 3)
    W1 = torch.linspace(-0.5, 0.7, 6, dtype=dtype).reshape(3, 2).requires_grad_()
    W2 = torch.tensor([[0.3], [-0.8]], dtype=dtype, requires_grad=True)
    loss_fn(W1, W2, X).backward()
    h = 1e-3 if dtype == torch.float32 else 1e-6
    for i in range(3):
        for j in range(2):
            with torch.no_grad():
                old = W1[i, j].item()
                W1[i, j] = old + h
                fp = loss_fn(W1, W2, X)
                W1[i, j] = old - h
                fm = loss_fn(W1, W2, X)
                W1[i, j] = old
            num = ((fp - fm) / (2 * h)).item()
            ana = W1.grad[i, j].item()
            rel = abs(num - ana) / max(abs(num), abs(ana))
            print(dtype, i, j, ana, num, rel < 1e-2)
