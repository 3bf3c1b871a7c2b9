# dtypes as the tensor tutorial and the gradcheck notes use them: .float(), .double(), .long(),
# .bool(), .to(dtype), .type(), dtype= on factories, promotion, and the default dtype.
import torch

x = torch.tensor([1.5, -2.25, 3.0], requires_grad=True)
print(x.float() is x, x.to(torch.float32) is x, x.double())
print(
    x.to(torch.float64).grad_fn.name(),
    [type(n).__name__ for n, _ in x.double().grad_fn.next_functions],
)
print(x.type(), x.double().type(), x.long(), x.long().type(), x.bool(), x.long().requires_grad)
print(
    x.type(torch.float64).dtype, x.to(dtype=torch.float64).dtype, x.type("torch.DoubleTensor").dtype
)
y = x.double() * 2
y.sum().backward()
print(x.grad, x.grad.dtype)
print(
    torch.tensor([1, 2]).float(),
    torch.tensor([True, False]).float(),
    torch.tensor([1.7, -1.7]).long(),
)
print(
    torch.tensor([1, 2], dtype=torch.float64),
    torch.ones(2, dtype=torch.float64),
    torch.tensor(3).to(torch.float32),
)
print(
    torch.zeros(2, dtype=torch.int64), torch.arange(3, dtype=torch.float64), torch.arange(3.0).dtype
)
print(
    (torch.tensor([1, 2]) * 1.5).dtype,
    (torch.tensor([1, 2]) / 2).dtype,
    (torch.tensor([1.0]) * torch.tensor([2.0], dtype=torch.float64)).dtype,
)
print(torch.get_default_dtype())
torch.set_default_dtype(torch.float64)
print(torch.tensor([1.0, 2.0]), torch.zeros(2), torch.arange(3.0), torch.tensor([1, 2]) / 2)
print(torch.get_default_dtype(), torch.tensor(0.1).item(), torch.tensor([1.0], dtype=torch.float32))
torch.set_default_dtype(torch.float32)
print(torch.tensor(0.1).item(), torch.tensor([0.1]).double().item())
try:
    torch.set_default_dtype(torch.int64)
except TypeError as e:
    print("TypeError:", e)
print(x.double().float().grad_fn.name(), x.double().float().dtype)
