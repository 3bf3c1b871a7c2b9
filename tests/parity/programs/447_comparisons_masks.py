# Comparisons, logical masks and closeness checks as unit tests for a homework use them:
# isclose/allclose, logical_and/or, bitwise ops on flags, isnan/isinf (torch docs "Comparison Ops")
import torch

pred = torch.tensor([0.1, 0.5, 0.9, 0.49999])
ref = torch.tensor([0.1, 0.5, 0.9, 0.5])
print(torch.isclose(pred, ref), torch.allclose(pred, ref), torch.allclose(pred, ref, atol=1e-4))
print(pred.eq(ref), pred.ne(ref), pred.ge(0.5), torch.gt(pred, ref), torch.le(pred, 0.5))
hi, lo = pred > 0.3, pred < 0.7
print(hi & lo, hi | lo, hi ^ lo, ~hi, torch.logical_and(hi, lo), torch.logical_not(lo))
print((hi & lo).sum(), (hi & lo).float().mean(), torch.count_nonzero(hi), torch.nonzero(hi))
flags = torch.tensor([0b1010, 0b0110, 0b1111])
print(flags & 0b0011, flags | 1, flags ^ flags, ~flags)
v = torch.tensor([1.0, float("nan"), float("inf"), -float("inf"), 0.0])
print(torch.isnan(v), torch.isinf(v), torch.isfinite(v), v.isnan().any(), torch.equal(v[:1], v[:1]))
print(torch.tensor([0.1]) == 0.1, torch.tensor([0.1], dtype=torch.float64) == 0.1)
try:
    ~torch.tensor([1.0])
except TypeError as e:
    print(type(e).__name__, e)
