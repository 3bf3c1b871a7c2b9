# PyTorch 2.13's fused output head: F.linear_cross_entropy and nn.LinearCrossEntropyLoss
# compute cross_entropy(linear(hidden), target) without a logits module; the K-dimensional
# form (several positions per sample); and the chunking options
import torch
import torch.nn as nn
import torch.nn.functional as F  # noqa: N812

torch.manual_seed(2)
hidden = torch.randn(6, 4, requires_grad=True)
weight = torch.randn(7, 4, requires_grad=True)
bias = torch.zeros(7, requires_grad=True)
target = torch.tensor([0, 6, 3, 3, 1, -100])

loss = F.linear_cross_entropy(hidden, weight, target, linear_bias=bias)
print(loss, loss.grad_fn)
loss.backward()
print(hidden.grad[0])
print(bias.grad)
ref = F.cross_entropy(F.linear(hidden, weight, bias), target)
print(ref)

head = nn.LinearCrossEntropyLoss(4, 7, bias=True, label_smoothing=0.1)
print(head)
print([name for name, _ in head.named_parameters()])
out = head(hidden, target)
out.backward()
print(out, head.linear.weight.grad.shape)

kd = nn.LinearCrossEntropyLoss(4, 3, out_features=(2,))
print(kd.linear.weight.shape)
print(kd(hidden, torch.randint(0, 3, (6, 2))))

opts = nn.LinearCrossEntropyOptions(batch_chunk_size=2)
print(opts)
chunked = F.linear_cross_entropy(hidden, weight, target, options=opts)
print(type(chunked.grad_fn).__name__)
print(round(chunked.item(), 4))
try:
    nn.LinearCrossEntropyOptions(acc_policy="fastest")
except ValueError as e:
    print(e)
try:
    F.linear_cross_entropy(hidden, weight[:, :3], target)
except RuntimeError as e:
    print(e)
