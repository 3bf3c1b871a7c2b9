import torch

# clamp_min / clamp_max (fastai's relu: x.clamp_min(0.)), tan, rsqrt: values, grads, node names, saved bounds, in place; float32 and float64
for dt in [torch.float32, torch.float64]:
    x = torch.tensor([-1.0, 0.5, 2.0, 0.0, float("nan")], requires_grad=True, dtype=dt)
    ys = [
        x.clamp_min(0),
        x.clamp_max(1),
        torch.clamp_min(x, 0.5),
        torch.clamp_max(x, 0.0),
        x.clamp(min=0),
        x.tan(),
        torch.tan(x),
        x.abs().rsqrt(),
        torch.rsqrt(x),
    ]
    for y in ys:
        print(y)
        y.sum().backward(retain_graph=True) if y.requires_grad else None
        print(x.grad)
        x.grad = None
    print(x.clamp_min(0).grad_fn._saved_min, x.clamp_max(1).grad_fn._saved_max)
    z = x.detach().clone()
    z.clamp_min_(0)
    print(z)
print(torch.tensor([1, -2, 3]).clamp_min(0), torch.tensor([1.0, 100.0, 3.0]).tan())
