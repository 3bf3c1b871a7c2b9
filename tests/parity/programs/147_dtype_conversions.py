# dtype conversions a student uses: .float(), .double(), .long(), .to(dtype), .type()
# (https://pytorch.org/docs/stable/tensor_attributes.html)
import torch

i = torch.tensor([1, 2, 3])
f = torch.tensor([1.5, -2.5, 3.7])
print(i.dtype, f.dtype, i.float(), i.double(), f.long(), f.int(), f.bool(), (f > 0).float())
print(f.to(torch.float64), f.to(torch.int64), f.to(dtype=torch.float16), i.to(torch.float32).dtype)
print(f.type(), i.type(), f.double().type(), f.type(torch.float64), f.type(torch.int32))
print(
    f.type("torch.DoubleTensor"), f.dtype == torch.float, torch.float is torch.float32, torch.double
)
x = torch.tensor([0.1, 0.2], requires_grad=True)
xd = x.double()
print(xd, xd.grad_fn, x.float() is x, x.to(torch.float32) is x)
xd.sum().backward()
print(x.grad, x.grad.dtype)
print(torch.tensor(0.1).double().item(), torch.tensor(0.1, dtype=torch.float64).item())
print(
    torch.tensor([1, 2]).dtype,
    torch.tensor([1.0, 2]).dtype,
    torch.tensor([True, False]).dtype,
    torch.tensor(3).dtype,
)
print(
    torch.zeros(2, dtype=torch.int32),
    torch.ones(2, dtype=torch.bool),
    torch.arange(3).dtype,
    torch.arange(3.0).dtype,
)
print(
    f.is_floating_point(),
    i.is_floating_point(),
    f.element_size(),
    i.element_size(),
    f.double().element_size(),
)
