# Softmax and cross-entropy by hand for one example with three classes.
import torch

logits = torch.tensor([2.0, 1.0, 0.1], requires_grad=True)
target = 0
e = torch.exp(logits)
probs = e / e.sum()
loss = -torch.log(probs[target])
print(probs, round(probs.sum().item(), 4), loss)
loss.backward()
print(logits.grad)
onehot = torch.tensor([1.0, 0.0, 0.0])
print(probs - onehot)
print(loss.grad_fn, loss.grad_fn.next_functions[0][0], probs.grad_fn)
shift = logits - 2.0
e2 = shift.exp()
print(e2 / e2.sum())
