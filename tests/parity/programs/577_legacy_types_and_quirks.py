import torch

# a tensor-basics lesson's legacy types, and edge cases outside programs met
for T in [
    torch.IntTensor,
    torch.ShortTensor,
    torch.CharTensor,
    torch.ByteTensor,
    torch.HalfTensor,
    torch.BFloat16Tensor,
    torch.FloatTensor,
    torch.LongTensor,
]:
    t = T([1.7, 2.5, 3.0])
    print(T, t, t.dtype, t.type(), isinstance(t, T), T(2, 3).shape)
print(torch.ones(3).type(torch.IntTensor), torch.arange(4).type(torch.ByteTensor))
print(torch.IntTensor([[1, 2], [3, 4]]) * 2)
try:
    torch.ByteTensor([-1, 256])
except RuntimeError as e:
    print("RuntimeError:", e)

for dt in [torch.float32, torch.float64]:
    print("==", dt)
    x = torch.tensor([[1.0, -2.0], [3.0, 4.0]], requires_grad=True, dtype=dt)
    (x.t() * -0.0).sum().backward()
    print(x.grad)
    x.grad = None
    (x.transpose(0, 1).reshape(4) * torch.zeros(4, dtype=dt).neg()).sum().backward()
    print(x.grad)
    x.grad = None
    (x[0] * -0.0).sum().backward()
    print(x.grad)
    x.grad = None
    (x[[0, 0]] * -0.0).sum().backward()
    print(x.grad)
    x.grad = None
    (torch.stack([x, x]) * -0.0).sum().backward()
    print(x.grad)
    with torch.no_grad():
        print(float(x[0, 0]), int(x[1, 1]), torch.tensor([x[0, 1]]))
    nan = float("nan")
    print(torch.nanmedian(torch.tensor([nan] * 4, dtype=dt), 0))
    print(torch.tensor([[nan, 1.0, 3.0, nan, 2.0], [nan] * 5], dtype=dt).nanmedian(1))
    s = torch.tensor([1.0, -1.0, 30.0, 0.0], dtype=dt, requires_grad=True)
    y = torch.nn.functional.softplus(s, beta=0)
    y.sum().backward()
    print(y, s.grad)
    print(torch.nn.functional.softplus(s, beta=0, threshold=-1.0))
