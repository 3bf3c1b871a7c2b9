# Saved values on nodes (freed by backward), and calling a node directly, with its errors.
import torch

x = torch.tensor(2.0, requires_grad=True)
w = torch.tensor(3.0, requires_grad=True)
y = x * w
print(y.grad_fn._saved_self is x, y.grad_fn._saved_other is w)
print((x * 3).grad_fn._saved_other, (x * 3).grad_fn._saved_self)
print((x**2).grad_fn._saved_exponent, (x**0.5).grad_fn._saved_exponent)
e = x.exp()
print(e.grad_fn._saved_result, e.grad_fn._saved_result is e)
print((x + w).grad_fn._saved_alpha, x.sum().grad_fn._saved_self_sym_sizes)
y.backward()
try:
    y.grad_fn._saved_self
except Exception as ex:
    print(type(ex).__name__, ex)
print(isinstance(x, torch.Tensor), torch.tensor([1, 2]).dtype, (x > 1).dtype)
try:
    y.grad_fn(1.0)
except Exception as ex:
    print(type(ex).__name__, ex)
try:
    y.grad_fn()
except Exception as ex:
    print(type(ex).__name__, ex)
print(x.tanh().grad_fn(torch.tensor(1.0)))
print((x**2).grad_fn(torch.tensor(1.0)))
