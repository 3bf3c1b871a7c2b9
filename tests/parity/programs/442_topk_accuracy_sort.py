# Homework: top-1 and top-3 accuracy of a classifier's scores with topk, plus sort/argsort to rank
# predictions (the ImageNet example's accuracy() helper, https://github.com/pytorch/examples)
import torch

scores = torch.tensor(
    [
        [0.1, 2.0, 0.3, 1.5, -0.2],
        [1.1, 0.2, 0.9, 0.9, 3.0],
        [0.5, 0.5, 0.1, 0.4, 0.2],
        [2.2, 1.0, 2.1, -1.0, 0.0],
    ]
)
target = torch.tensor([3, 4, 0, 2])


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1))
    res = []
    for k in topk:
        correct_k = correct[:k].reshape(-1).float().sum(0, keepdim=True)
        res.append(correct_k * (100.0 / target.size(0)))
    return res


print(accuracy(scores, target, topk=(1, 3)))
print(scores.topk(2))
print(torch.sort(scores, dim=1, descending=True).indices, scores.argsort(dim=0))
values, order = scores[1].sort()
print(values, order, torch.argsort(scores[2], descending=True))
w = torch.tensor([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0], requires_grad=True)
top = w.topk(3)
(top.values * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(top, w.grad)
s = w.sort(descending=True)
print(s.values.grad_fn, s.indices, type(s).__name__, w.topk(3, largest=False).indices)
