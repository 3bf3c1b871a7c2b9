# exp, log, tanh, sigmoid, sin of float32 inputs printed at full precision with .item()/.tolist()
import torch

x = torch.linspace(-5.0, 5.0, 41)
print(torch.exp(x).tolist())
print(torch.tanh(x).tolist())
print(torch.sigmoid(x).tolist())
print(torch.sin(x).tolist())
print(torch.log(torch.abs(x) + 0.5).tolist())
print(torch.sqrt(torch.abs(x)).tolist())
print((x**3).tolist())
