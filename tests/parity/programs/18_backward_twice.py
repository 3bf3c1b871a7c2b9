# A second backward through freed saved values fails; one without saved values does not.
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 3
y.backward()
print(x.grad)
try:
    y.backward()
except Exception as e:
    print(type(e).__name__, e)
x.grad = None
z = x + 1
z.backward()
z.backward()
print(x.grad)
x.grad = None
y = x**2
y.backward(retain_graph=True)
y.backward()
print(x.grad)
x.grad = None
y = torch.exp(x * 0)
y.backward(retain_graph=True)
y.backward(retain_graph=True)
y.backward()
print(x.grad)
try:
    y.backward()
except Exception as e:
    print(type(e).__name__, e)
