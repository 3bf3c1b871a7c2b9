# torch.segment_reduce over runs of lengths and offsets (every reduction, initial, empty runs,
# grads, a 2-d lengths), and torch.from_file, in float32 and float64.
import tempfile

import torch

for dt in (torch.float32, torch.float64):
    d = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], dtype=dt, requires_grad=True)
    L = torch.tensor([2, 0, 3, 1])
    for r in ["sum", "mean", "max", "min", "prod", "amax"]:
        for init in (None, 0.5):
            d.grad = None
            s = torch.segment_reduce(d, r, lengths=L, initial=init)
            s.nan_to_num().sum().backward()
            print(r, init, s, d.grad)
    s = torch.segment_reduce(d, "sum", offsets=torch.tensor([0, 2, 2, 5, 6]))
    print(s)
    x = torch.arange(12.0, dtype=dt).reshape(6, 2).requires_grad_()
    s = torch.segment_reduce(x, "mean", lengths=torch.tensor([2, 4]))
    print(s)
    s.sum().backward()
    print(x.grad)
    x2 = torch.arange(12.0, dtype=dt).reshape(2, 6)
    print(torch.segment_reduce(x2, "sum", lengths=torch.tensor([[2, 4], [3, 3]]), axis=1))
    e = torch.tensor([3.0, 3.0, 1.0], dtype=dt, requires_grad=True)
    s = torch.segment_reduce(e, "max", lengths=torch.tensor([3]))
    s.backward()
    print(e.grad)
    z = torch.tensor([2.0, 0.0, 3.0], dtype=dt, requires_grad=True)
    s = torch.segment_reduce(z, "prod", lengths=torch.tensor([3]))
    s.backward()
    print(z.grad)
    print(torch.segment_reduce(d, "sum", lengths=torch.tensor([2, 4]), axis=-1))
for bad in [
    dict(reduce="foo", lengths=torch.tensor([6])),
    dict(reduce="sum", lengths=torch.tensor([2])),
    dict(reduce="sum"),
]:
    try:
        torch.segment_reduce(d, **bad)
    except Exception as ex:
        print(type(ex).__name__, ex)
try:
    torch.segment_reduce(torch.tensor([1, 2, 3]), "sum", lengths=torch.tensor([1, 2]))
except Exception as ex:
    print(type(ex).__name__, ex)
path = tempfile.mkdtemp() + "/f.bin"
with open(path, "wb") as out:
    out.write(bytes(range(24)))
print(torch.from_file(path, size=6, dtype=torch.float32).tolist())
print(torch.from_file(path, size=3, dtype=torch.int16))
print(torch.from_file(path, size=2, dtype=torch.float64).tolist())
print(torch.from_file(path))
for kw in [
    dict(size=100),
]:
    try:
        torch.from_file(path, **kw)
    except Exception as e:
        print(type(e).__name__, str(e).replace(path, "FILE"))
try:
    torch.from_file(path + ".missing", size=1)
except Exception as e:
    print(type(e).__name__, str(e).replace(path, "FILE"))
