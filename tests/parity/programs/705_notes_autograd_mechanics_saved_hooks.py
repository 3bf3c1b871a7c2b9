# "Autograd mechanics" (pytorch/pytorch docs/source/notes/autograd.rst), the rest of its code:
# saved tensors (_saved_self, _saved_result), gradients of non-differentiable functions,
# the multithreaded train_fn and tensor hooks with in-place ops, as written; adaptations: a
# seed, prints, and a hook function `fn` that prints. (Its hooks for saved tensors and the
# order of Node hooks: 706.)
import threading

import torch

torch.manual_seed(0)

x = torch.randn(5, requires_grad=True)
y = x.pow(2)
print(x.equal(y.grad_fn._saved_self))  # True
print(x is y.grad_fn._saved_self)  # True

x = torch.randn(5, requires_grad=True)
y = x.exp()
print(y.equal(y.grad_fn._saved_result))  # True
print(y is y.grad_fn._saved_result)  # False

# gradients for non-differentiable functions
for name, f in [
    ("relu", torch.relu),
    ("sqrt", torch.sqrt),
    ("abs", torch.abs),
    ("log", torch.log),
    ("clamp", lambda t: t.clamp(min=0.0)),
]:
    p = torch.tensor([0.0, -1.0, 2.0], requires_grad=True)
    f(p).sum().backward()
    print(name, p.grad)

# Define a train function to be used in different threads
results = []


def train_fn():
    x = torch.ones(5, 5, requires_grad=True)
    # forward
    y = (x + 3) * (x + 4) * 0.5
    # backward
    y.sum().backward()
    # potential optimizer update
    results.append(x.grad.sum().item())


# User write their own threading code to drive the train_fn
threads = []
for _ in range(10):
    p = threading.Thread(target=train_fn, args=())
    p.start()
    threads.append(p)

for p in threads:
    p.join()
print(results)


def fn(g):
    print("fn got", g)


t = torch.tensor(1.0, requires_grad=True).sin()
t.cos_()
t.register_hook(fn)
t.backward()

t = torch.tensor(1.0, requires_grad=True).sin()
t.register_hook(fn)
t.cos_()
t.backward()
