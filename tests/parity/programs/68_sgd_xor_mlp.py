# A tiny tanh/sigmoid network trained on XOR by hand-written SGD.
import torch

X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
Y = torch.tensor([0.0, 1.0, 1.0, 0.0])
W1 = torch.tensor([[0.5, -0.5], [0.3, 0.8], [-0.6, 0.2]], requires_grad=True)
b1 = torch.tensor([0.1, -0.1, 0.0], requires_grad=True)
W2 = torch.tensor([0.7, -0.4, 0.9], requires_grad=True)
b2 = torch.tensor(0.05, requires_grad=True)
params = [W1, b1, W2, b2]
for epoch in range(30):
    loss = 0
    for i in range(4):
        h = torch.tanh(W1 @ X[i] + b1)
        out = torch.sigmoid(torch.dot(W2, h) + b2)
        loss = loss + (out - Y[i]) ** 2
    loss = loss / 4
    for p in params:
        p.grad = None
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= 0.5 * p.grad
    if epoch % 10 == 0:
        print(epoch, f"{loss.item():.4f}")
print(loss.grad_fn, len(params))
