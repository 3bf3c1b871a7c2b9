# "Autograd mechanics" (pytorch/pytorch docs/source/notes/autograd.rst), "Hooks for saved
# tensors" and "Backward Hooks execution": _raw_saved_self.register_hooks, saved_tensors_hooks
# and the order in which tensor hooks, Node pre-hooks, retain_grad and Node post-hooks fire,
# as written; adaptations: a seed, prints, and the pack hooks keep tensors in a dict instead
# of files (SelfDeletingTempFile writes to disk).
import torch

torch.manual_seed(0)

# hooks for saved tensors
store = {}


def pack_hook(tensor):
    key = len(store)
    print("pack", tensor)
    store[key] = tensor.clone()
    return key


def unpack_hook(key):
    print("unpack", key)
    return store[key]


x = torch.randn(5, requires_grad=True)
y = x.pow(2)
y.grad_fn._raw_saved_self.register_hooks(pack_hook, unpack_hook)
print(y.grad_fn._saved_self)
y.sum().backward()
print(x.grad.equal(2 * x))

with torch.autograd.graph.saved_tensors_hooks(lambda x: x, lambda x: x):
    x = torch.randn(5, requires_grad=True)
    y = x * x
print(x is y.grad_fn._saved_self, x is y.grad_fn._saved_other)
x = torch.randn(5, requires_grad=True)
y = x * x
print(x is y.grad_fn._saved_self, x is y.grad_fn._saved_other)

# the order in which hooks fire
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 2
b.retain_grad()
b.register_hook(lambda g: print("tensor hook", g, "b.grad", b.grad) or g * 10)
b.grad_fn.register_prehook(lambda gout: print("node prehook", gout, "b.grad", b.grad))
b.grad_fn.register_hook(lambda gin, gout: print("node posthook", gin, gout))
c = b.sum()
c.backward()
print(b.grad, a.grad)
