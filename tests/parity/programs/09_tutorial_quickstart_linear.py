# The quickstart's z = w @ x + b with a squared-error loss, on fixed numbers.
import torch

x = torch.ones(5)
y = torch.zeros(3)
w = torch.tensor(
    [[0.5, -1.0, 0.25, 1.0, 0.0], [-0.5, 0.0, 0.5, 1.0, -0.25], [1.0, 0.0, 0.5, 0.5, 0.5]],
    requires_grad=True,
)
b = torch.tensor([0.1, -0.2, 0.3], requires_grad=True)
z = torch.matmul(w, x) + b
print(z)
loss = ((z - y) ** 2).mean()
print("Gradient function for z =", z.grad_fn)
print("Gradient function for loss =", loss.grad_fn)
print(loss)
loss.backward()
print(w.grad)
print(b.grad)
with torch.no_grad():
    z = torch.matmul(w, x) + b
print(z.requires_grad)
z_det = (torch.matmul(w, x) + b).detach()
print(z_det.requires_grad)
