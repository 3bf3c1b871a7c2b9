# Dive into Deep Learning (PyTorch edition, 0.x), 3.6 "Softmax regression from scratch": the
# loss picks each row's predicted probability of the true class with gather
import torch

y_hat = torch.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]], requires_grad=True)
y = torch.tensor([0, 2])
picked = y_hat.gather(1, y.view(-1, 1))
print(picked)
print(picked.grad_fn, picked.grad_fn.next_functions[0][0].__class__.__name__)
print(picked.grad_fn._saved_dim, picked.grad_fn._saved_index)


def cross_entropy(y_hat, y):
    return -torch.log(y_hat.gather(1, y.view(-1, 1)))


loss = cross_entropy(y_hat, y)
print(loss)
loss.sum().backward()
print(y_hat.grad)

# the same pick along dim 0, a class picked twice accumulates
scores = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
twice = torch.gather(scores, 0, torch.tensor([2, 2, 0]))
twice.sum().backward()
print(twice, scores.grad)
print(y_hat.gather(-1, torch.tensor([[1], [0]])).squeeze(-1))
for bad in (torch.tensor([[0.0], [1.0]]), torch.tensor([[3], [0]]), torch.tensor([0, 1])):
    try:
        y_hat.gather(1, bad)
    except RuntimeError as e:
        print("RuntimeError:", e)
