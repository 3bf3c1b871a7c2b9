import torch
import torch.nn as nn
import torch.nn.functional as F  # noqa: N812

# More nn modules and functions as CNN and course notebooks use them: BatchNorm2d, PReLU, Softshrink, Hardshrink, Threshold, GLU, Unflatten, ParameterList/Dict, KLDivLoss, CosineSimilarity, PairwiseDistance, F.layer_norm/batch_norm; torch.where with the grad on its second branch
torch.manual_seed(0)
x = torch.randn(2, 3, 4, 4, requires_grad=True)
bn = nn.BatchNorm2d(3)
y = bn(x)
print(bn, y[0, 0, 0], y.grad_fn, bn.running_mean, bn.running_var, bn.num_batches_tracked)
(y * torch.arange(96.0).reshape(2, 3, 4, 4)).sum().backward()
print(x.grad[0, 0, 0], [round(g, 2) for g in bn.weight.grad.tolist()])
bn.eval()
print(bn(x)[1, 2, 3])
p = nn.PReLU()
print(p, p.weight, p(torch.tensor([-1.0, 2.0])), nn.PReLU(3).weight)
v = torch.tensor([-1.0, -0.3, 0.2, 0.7, 2.0], requires_grad=True)
for m in [nn.Softshrink(), nn.Hardshrink(0.3), nn.Threshold(0.5, 20.0), nn.Softshrink(0.1)]:
    r = m(v)
    print(m, r)
    r.sum().backward()
    print(v.grad)
    v.grad = None
print(F.softshrink(v, 0.5), F.hardshrink(v), F.threshold(v, 0.1, -1.0))
g = nn.GLU()
print(g, g(torch.tensor([[1.0, 2.0, 3.0, 4.0]])), F.glu(torch.tensor([1.0, -1.0]), 0))
u = nn.Unflatten(1, (2, 2))
print(u, u(torch.arange(8.0).reshape(2, 4)).shape, torch.arange(6).unflatten(0, (2, 3)))
pl = nn.ParameterList([nn.Parameter(torch.ones(2)), nn.Parameter(torch.zeros(3))])
print(pl, len(pl), [p.shape for p in pl.parameters()])
pd = nn.ParameterDict({"a": nn.Parameter(torch.ones(2))})
pd["b"] = nn.Parameter(torch.zeros(1))
print(pd, list(pd.keys()), [n for n, _ in pd.named_parameters()])


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.ps = nn.ParameterList([nn.Parameter(torch.randn(2)) for _ in range(2)])


print(M(), [n for n, _ in M().named_parameters()])
kl = nn.KLDivLoss(reduction="batchmean")
inp = F.log_softmax(torch.randn(3, 5, requires_grad=True), dim=1)
tgt = F.softmax(torch.rand(3, 5), dim=1)
print(
    kl,
    kl(inp, tgt),
    F.kl_div(inp, tgt, reduction="sum"),
    F.kl_div(inp, tgt.log(), reduction="mean", log_target=True),
)
a, b = torch.randn(3, 4, requires_grad=True), torch.randn(3, 4)
cs = nn.CosineSimilarity(dim=1)
print(cs, cs(a, b), F.cosine_similarity(a, b, dim=0))
pd2 = nn.PairwiseDistance()
print(pd2, pd2(a, b), F.pairwise_distance(a, b, p=1.0))
print(F.layer_norm(a, (4,)), F.batch_norm(a, torch.zeros(4), torch.ones(4)))
c = torch.tensor([1.0, 2.0])
print(torch.where(c > 1, c, torch.tensor([3.0, 4.0], requires_grad=True)))
t = torch.zeros(2, 3)
print(t.unflatten(1, (3, 1)).shape, torch.unflatten(t, -1, (1, 3)).shape)
