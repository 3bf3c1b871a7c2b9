# ruff: noqa - a table of calls, one line each
import torch

# torch functions tensor-basics lessons and puzzles use: median, kthvalue, mode, masked_select, atan2, addmm, addcmul, addcdiv, lerp, finfo/iinfo, take, nansum, nan_to_num, logaddexp, hypot, isin, searchsorted, cdist, tensordot, inner, kron, rot90, fliplr, atleast_Nd, cummax, tensor_split, tril_indices, cartesian_prod, block_diag; their grads; a fused node's class serving calls of any arity
x = torch.tensor([[3.0, 1.0, 2.0], [0.5, 4.0, -1.0]], requires_grad=True)
print(torch.median(x), x.median(dim=1), torch.median(torch.tensor([1.0, 2.0, 3.0, 4.0])))
print(torch.kthvalue(x, 2, dim=1), x.kthvalue(1, 0), torch.mode(torch.tensor([1, 2, 2, 3, 3])))
print(torch.masked_select(x, x > 1), x.masked_select(x < 1))
print(torch.atan2(x, x.flip(1)), torch.arctan2(x[0], x[1]))
print(
    torch.addmm(torch.ones(2, 2), x, x.t()),
    torch.addcmul(x, x, x, value=0.5),
    torch.addcdiv(x, x, x + 5, value=2),
)
print(torch.lerp(x, torch.zeros(2, 3), 0.25), x.lerp(torch.ones(2, 3), 0.9))
print(
    torch.finfo(torch.float32).eps,
    torch.finfo(torch.float64).max,
    torch.finfo().tiny,
    torch.iinfo(torch.int64).max,
    torch.iinfo(torch.int32).min,
    torch.finfo(torch.float32),
)
print(torch.take(x, torch.tensor([0, 4])), torch.take_along_dim(x, torch.tensor([[0], [2]]), dim=1))
y = torch.tensor([1.0, float("nan"), 3.0])
print(
    torch.nansum(y),
    torch.nanmean(y),
    torch.nan_to_num(y, nan=0.0),
    y.nan_to_num(),
    torch.nan_to_num(torch.tensor([float("inf"), -float("inf")])),
)
print(
    torch.logaddexp(x, x),
    torch.hypot(x, x),
    torch.isin(torch.tensor([1, 2, 3]), torch.tensor([2, 5])),
)
print(
    torch.searchsorted(torch.tensor([1, 3, 5, 7]), torch.tensor([3, 6, 9])),
    torch.searchsorted(torch.tensor([1, 3, 5, 7]), torch.tensor([3, 6]), right=True),
)
print(
    torch.cdist(x, x),
    torch.tensordot(x, x, dims=([1], [1])),
    torch.inner(x, x),
    torch.kron(torch.eye(2), torch.ones(2, 2)),
)
print(
    torch.rot90(x),
    torch.fliplr(x),
    torch.flipud(x),
    torch.atleast_1d(torch.tensor(1.0)),
    torch.atleast_2d(torch.tensor([1.0, 2.0])),
)
print(
    torch.cummax(torch.tensor([1, 3, 2, 5]), 0),
    torch.cummin(torch.tensor([4.0, 3.0, 5.0, 1.0]), dim=0),
)
print(
    torch.deg2rad(torch.tensor([180.0])),
    torch.rad2deg(torch.tensor([3.14159])),
    torch.signbit(torch.tensor([-0.0, 1.0])),
)
print(
    torch.scalar_tensor(3),
    torch.typename(x),
    torch.is_nonzero(torch.tensor([1.0])),
    torch.is_same_size(x, x),
    x.is_signed(),
)
print(
    torch.dstack([torch.tensor([1, 2]), torch.tensor([3, 4])]),
    torch.hsplit(torch.arange(6).reshape(2, 3), 3),
    torch.vsplit(torch.arange(4).reshape(2, 2), 2),
    torch.tensor_split(torch.arange(7), 3),
)
print(
    torch.tril_indices(3, 3),
    torch.triu_indices(3, 3, 1),
    torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([3, 4])),
    torch.block_diag(torch.ones(1, 1), 2 * torch.ones(2, 2)),
)
print(
    torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([3, 4])),
    torch.block_diag(torch.ones(1, 1), 2 * torch.ones(2, 2)),
    torch.tril_indices(3, 3),
    torch.triu_indices(3, 3, 1),
)
print(
    torch.dist(x[0], x[1]),
    x.is_signed(),
    torch.tensor([True]).is_signed(),
    torch.atleast_3d(torch.tensor([1.0, 2.0])).shape,
)
z = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
for f in [
    lambda t: torch.atan2(t, t + 1),
    lambda t: torch.addcmul(t, t, t, value=0.5),
    lambda t: torch.lerp(t, t * 3, 0.25),
    lambda t: torch.logaddexp(t, -t),
    lambda t: torch.hypot(t, t + 1),
    lambda t: torch.xlogy(t, t),
    lambda t: torch.nansum(t),
    lambda t: torch.deg2rad(t),
    lambda t: torch.masked_select(t, t > 1),
    lambda t: torch.take(t, torch.tensor([2, 0])),
    lambda t: torch.addmm(t[:2].view(2, 1), t.view(1, 3).expand(2, 3), t.view(3, 1)),
    lambda t: torch.cdist(t.view(3, 1), t.view(3, 1)),
    lambda t: torch.median(t),
    lambda t: torch.kthvalue(t, 2).values,
    lambda t: torch.cummax(t, 0).values,
]:
    r = f(z)
    print(r, r.grad_fn.name())
    r.sum().backward()
    print(z.grad)
    z.grad = None
F = torch.nn.functional
torch.manual_seed(0)
x = torch.randn(4, 2, requires_grad=True)
w = torch.ones(2, requires_grad=True)
F.batch_norm(x, None, None, training=True).sum().backward()
(F.batch_norm(x, None, None, w, training=True) * torch.arange(8.0).view(4, 2)).sum().backward()
print(w.grad)
