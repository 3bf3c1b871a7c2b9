# Course exercise: one-hot labels three ways (scatter_, index assignment, rows of eye), back with argmax,
# and the cross-entropy they give, by a one-hot product, by gather and by indexing, with its grad
import torch

labels = torch.tensor([2, 0, 1, 2])
num_classes = 3
one_hot = torch.zeros(len(labels), num_classes).scatter_(1, labels.unsqueeze(1), 1.0)
oh2 = torch.zeros(len(labels), num_classes)
oh2[torch.arange(len(labels)), labels] = 1
oh3 = torch.eye(num_classes)[labels]
print(one_hot)
print(torch.equal(one_hot, oh2), torch.equal(one_hot, oh3), oh3.dtype)
print(one_hot.argmax(dim=1), (one_hot.argmax(dim=1) == labels).all())

torch.manual_seed(0)
logits = torch.randn(4, 3, requires_grad=True)
logp = torch.log_softmax(logits, dim=1)
loss1 = -(one_hot * logp).sum(dim=1).mean()
picked = logp.gather(1, labels.unsqueeze(1))
loss2 = -picked.mean()
loss3 = -logp[torch.arange(4), labels].mean()
print(f"{loss1.item():.4f} {loss2.item():.4f} {loss3.item():.4f}", picked.shape, picked.grad_fn)
loss3.backward()
print(logits.grad)
print((torch.softmax(logits, dim=1) - one_hot).detach() / 4)
# scatter_ writes, it does not add: a repeated label is written twice, counted once
seen = torch.zeros(num_classes).scatter_(0, labels, torch.ones(len(labels)))
print(seen, one_hot.sum(dim=0), (one_hot.sum(dim=0) > 0).float().equal(seen))
