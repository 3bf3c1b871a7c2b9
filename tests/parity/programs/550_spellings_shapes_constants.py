import torch

# PyTorch's other spellings (absolute, negative, arccos, fix, swapaxes, movedim, ravel, broadcast_to, tile, diff, cross, meshgrid, mT, select), the constants, autograd's grad modes, in-place view ops, rand(out=), torch.backends
x = torch.tensor([[1.0, -2.0, 3.0], [0.5, 0.25, -1.0]], requires_grad=True)
print(torch.positive(x) is x, torch.negative(x), torch.absolute(x), x.absolute(), x.negative())
print(
    torch.arccos(x.clamp(-1, 1)),
    x.clamp(-1, 1).arcsin(),
    torch.arctan(x),
    x.arcsinh(),
    torch.arctanh(x * 0.5),
)
print(x.fix(), torch.fix(x * 1.5), torch.swapaxes(x, 0, 1), x.swapdims(0, 1), x.mT, x.mT.grad_fn)
y = torch.arange(24.0).reshape(2, 3, 4)
print(
    torch.movedim(y, 0, -1).shape,
    y.moveaxis(-1, 0).shape,
    torch.movedim(y, (0, 1), (2, 0)).shape,
    torch.movedim(x, 0, 1).grad_fn,
)
print(torch.ravel(x), x.t().ravel(), x.t().ravel().grad_fn, x.ravel().grad_fn)
print(torch.broadcast_to(torch.tensor([1, 2, 3]), (2, 3)), x[0].broadcast_to(2, 3).grad_fn)
print(torch.tile(x, (2,)), x.tile(2, 1).grad_fn, torch.tile(torch.tensor([1, 2]), (2, 2)))
print(
    torch.diff(torch.tensor([1, 3, 2])),
    x.diff(),
    x.diff(dim=0),
    torch.diff(x, n=2, dim=1),
    torch.diff(torch.tensor([1.0, 3.0]), prepend=torch.tensor([0.0]), append=torch.tensor([9.0])),
)
a = torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 2.0]], requires_grad=True)
b = torch.tensor([[0.0, 1.0, 0.0], [3.0, -1.0, 1.0]])
c = torch.cross(a, b, dim=1)
print(c, torch.linalg.cross(a, b), a.cross(b, dim=-1))
c.sum().backward()
print(a.grad)
g1, g2 = torch.meshgrid(torch.tensor([1, 2, 3]), torch.tensor([4, 5]), indexing="ij")
print(g1, g2)
g1, g2 = torch.meshgrid(
    torch.tensor([1.0, 2, 3], requires_grad=True), torch.tensor([4.0, 5]), indexing="xy"
)
print(g1, g2)
print(torch.pi, torch.e, torch.inf, torch.nan, torch.newaxis)
print(x.nbytes, x.itemsize, torch.arange(3).nbytes, x.get_device(), x.is_cpu, x.element_size())
with torch.inference_mode():
    z = x * 2
print(z.is_inference(), x.is_inference(), (x * 2).is_inference(), torch.is_inference(z))
with torch.autograd.no_grad():
    print((x * 2).requires_grad)
with torch.autograd.enable_grad():
    print((x * 2).requires_grad)
with torch.autograd.set_grad_enabled(False):
    print((x * 2).requires_grad)
w = x.detach().clone()
w.multiply_(2)
w.subtract_(1)
w.divide_(2)
w.true_divide_(2)
w.absolute_()
w.negative_()
w.fix_()
print(w)
print(torch.cross(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0, 6.0]), dim=0))
v = torch.arange(6.0).reshape(2, 3)
v.unsqueeze_(0)
print(v.shape, v.is_contiguous())
v.squeeze_()
v.t_()
print(v, v.stride())
v.transpose_(0, 1)
print(v)
c = torch.empty(2, 2)
torch.manual_seed(0)
print(torch.rand(2, 2, out=c) is c, c, torch.randn(3, out=c), c.shape)
print(torch.backends.mps.is_available(), torch.backends.cudnn.deterministic)
print(torch.select(x, 1, 0), x.select(0, -1).grad_fn)
