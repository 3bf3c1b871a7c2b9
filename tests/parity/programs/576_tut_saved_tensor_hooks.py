import torch

# the "Hooks for autograd saved tensors" tutorial: what a node saves, and pack/unpack hooks
torch.manual_seed(0)
a = torch.randn(5, requires_grad=True)
b = torch.ones(5, requires_grad=True)
y = a * b
print(y.grad_fn._saved_self)
print(y.grad_fn._saved_other)
print(y.grad_fn._saved_self is a)

x = torch.randn(5, requires_grad=True)
y = x.pow(2)
print(y.grad_fn._saved_self.equal(x))
y = x.exp()
print(y.grad_fn._saved_result.equal(y))
print(y.grad_fn._saved_result is y)


def pack_hook(x):
    print("Packing", x)
    return x


def unpack_hook(x):
    print("Unpacking", x)
    return x


for dt in [torch.float32, torch.float64]:
    a = torch.ones(5, requires_grad=True, dtype=dt)
    b = torch.ones(5, requires_grad=True, dtype=dt) * 2
    with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
        y = a * b
        z = (y.exp() + a.sin()).sum()
    z.backward()
    print(a.grad, b.grad)

# hooks that are each other's inverse: the gradient does not change
x = torch.randn(5, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda x: x * 4, lambda x: x / 4):
    y = torch.pow(x, 2)
print(y.grad_fn._saved_self)
y.sum().backward()
print(x.grad.equal(2 * x))

# saving to disk-like storage: a dict of names
store = {}


def pack_to_store(t):
    name = f"t{len(store)}"
    store[name] = t.detach().clone()
    return name


def unpack_from_store(name):
    return store[name]


x = torch.randn(3, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack_to_store, unpack_from_store):
    y = (x * x).tanh().sum()
print(sorted(store))
y.backward()
print(x.grad)

with torch.autograd.graph.save_on_cpu():
    y = (x.sigmoid() * x).sum()
y.backward()
print(x.grad)
print(isinstance(y.grad_fn, torch.autograd.graph.Node), torch.autograd.graph.Node)
