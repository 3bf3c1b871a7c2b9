# fast.ai "Deep Learning from the Foundations" (course-v3 nbs/dl2/02_fully_connected.ipynb): normalize, xavier/kaiming
# init, forward and backward by hand (tensor .g attributes), checked against autograd, Module classes; 64x16 random data
import torch
import math
from torch.nn import init
from torch import nn

# ruff: noqa: I001 - written as the source writes it


def near(a, b):
    return torch.allclose(a, b, rtol=1e-3, atol=1e-5)


def test_near(a, b):
    assert near(a, b), f"near:\n{a}\n{b}"


def normalize(x, m, s):
    return (x - m) / s


torch.manual_seed(0)
x_train, y_train = torch.rand(64, 16) * 2, torch.randint(0, 10, (64,))
x_valid, y_valid = torch.rand(32, 16) * 2, torch.randint(0, 10, (32,))
train_mean, train_std = x_train.mean(), x_train.std()
print(train_mean, train_std)
x_train = normalize(x_train, train_mean, train_std)
x_valid = normalize(x_valid, train_mean, train_std)
train_mean, train_std = x_train.mean(), x_train.std()
print(train_mean, train_std)


def test_near_zero(a, tol=1e-3):
    assert a.abs() < tol, f"Near zero: {a}"


test_near_zero(x_train.mean())
test_near_zero(1 - x_train.std())
n, m = x_train.shape
c = y_train.max() + 1
print(n, m, c)
nh = 8
w1 = torch.randn(m, nh) / math.sqrt(m)
b1 = torch.zeros(nh)
w2 = torch.randn(nh, 1) / math.sqrt(nh)
b2 = torch.zeros(1)
print(w1.mean(), w1.std() - 1 / math.sqrt(m))
print(x_valid.mean(), x_valid.std())


def lin(x, w, b):
    return x @ w + b


t = lin(x_valid, w1, b1)
print(t.mean(), t.std())


def relu(x):
    return x.clamp_min(0.0)


t = relu(lin(x_valid, w1, b1))
print(t.mean(), t.std())
w1 = torch.randn(m, nh) * math.sqrt(2 / m)
print(w1.mean(), w1.std())
t = relu(lin(x_valid, w1, b1))
print(t.mean(), t.std())
w1 = torch.zeros(m, nh)
init.kaiming_normal_(w1, mode="fan_out")
t = relu(lin(x_valid, w1, b1))
print(w1.mean(), w1.std(), t.mean(), t.std(), w1.shape)
print(torch.nn.Linear(m, nh).weight.shape)


def relu(x):
    return x.clamp_min(0.0) - 0.5


w1 = torch.randn(m, nh) * math.sqrt(2.0 / m)
t1 = relu(lin(x_valid, w1, b1))
print(t1.mean(), t1.std())


def model(xb):
    l1 = lin(xb, w1, b1)
    l2 = relu(l1)
    l3 = lin(l2, w2, b2)
    return l3


assert model(x_valid).shape == torch.Size([x_valid.shape[0], 1])
print(model(x_valid).shape)


def mse(output, targ):
    return (output.squeeze(-1) - targ).pow(2).mean()


y_train, y_valid = y_train.float(), y_valid.float()
preds = model(x_train)
print(preds.shape, mse(preds, y_train))


def mse_grad(inp, targ):
    inp.g = 2.0 * (inp.squeeze() - targ).unsqueeze(-1) / inp.shape[0]


def relu_grad(inp, out):
    inp.g = (inp > 0).float() * out.g


def lin_grad(inp, out, w, b):
    inp.g = out.g @ w.t()
    w.g = (inp.unsqueeze(-1) * out.g.unsqueeze(1)).sum(0)
    b.g = out.g.sum(0)


def forward_and_backward(inp, targ):
    l1 = inp @ w1 + b1
    l2 = relu(l1)
    out = l2 @ w2 + b2
    loss = mse(out, targ)  # noqa: F841
    mse_grad(out, targ)
    lin_grad(l2, out, w2, b2)
    relu_grad(l1, l2)
    lin_grad(inp, l1, w1, b1)


forward_and_backward(x_train, y_train)
w1g = w1.g.clone()
w2g = w2.g.clone()
b1g = b1.g.clone()
b2g = b2.g.clone()
ig = x_train.g.clone()
print(w2g.t(), b2g, b1g)
xt2 = x_train.clone().requires_grad_(True)
w12 = w1.clone().requires_grad_(True)
w22 = w2.clone().requires_grad_(True)
b12 = b1.clone().requires_grad_(True)
b22 = b2.clone().requires_grad_(True)


def forward(inp, targ):
    l1 = inp @ w12 + b12
    l2 = relu(l1)
    out = l2 @ w22 + b22
    return mse(out, targ)


loss = forward(xt2, y_train)
loss.backward()
print(loss)
test_near(w22.grad, w2g)
test_near(b22.grad, b2g)
test_near(w12.grad, w1g)
test_near(b12.grad, b1g)
test_near(xt2.grad, ig)
print((w22.grad - w2g).abs().max(), (xt2.grad - ig).abs().max())


class Module:
    def __call__(self, *args):
        self.args = args
        self.out = self.forward(*args)
        return self.out

    def forward(self):
        raise Exception("not implemented")

    def backward(self):
        self.bwd(self.out, *self.args)


class Relu(Module):
    def forward(self, inp):
        return inp.clamp_min(0.0) - 0.5

    def bwd(self, out, inp):
        inp.g = (inp > 0).float() * out.g


class Lin(Module):
    def __init__(self, w, b):
        self.w, self.b = w, b

    def forward(self, inp):
        return inp @ self.w + self.b

    def bwd(self, out, inp):
        inp.g = out.g @ self.w.t()
        self.w.g = torch.einsum("bi,bj->ij", inp, out.g)
        self.b.g = out.g.sum(0)


class Mse(Module):
    def forward(self, inp, targ):
        return (inp.squeeze() - targ).pow(2).mean()

    def bwd(self, out, inp, targ):
        inp.g = 2 * (inp.squeeze() - targ).unsqueeze(-1) / targ.shape[0]


class Model:
    def __init__(self):
        self.layers = [Lin(w1, b1), Relu(), Lin(w2, b2)]
        self.loss = Mse()

    def __call__(self, x, targ):
        for l in self.layers:  # noqa: E741
            x = l(x)
        return self.loss(x, targ)

    def backward(self):
        self.loss.backward()
        for l in reversed(self.layers):  # noqa: E741
            l.backward()


w1.g, b1.g, w2.g, b2.g = [None] * 4
model = Model()
loss = model(x_train, y_train)
model.backward()
print(loss)
test_near(w2g, w2.g)
test_near(b2g, b2.g)
test_near(w1g, w1.g)
test_near(b1g, b1.g)
test_near(ig, x_train.g)


class Model(nn.Module):
    def __init__(self, n_in, nh, n_out):
        super().__init__()
        self.layers = [nn.Linear(n_in, nh), nn.ReLU(), nn.Linear(nh, n_out)]
        self.loss = mse

    def __call__(self, x, targ):
        for l in self.layers:  # noqa: E741
            x = l(x)
        return self.loss(x.squeeze(), targ)


model = Model(m, nh, 1)
loss = model(x_train, y_train)
loss.backward()
print(loss, model.layers[0].weight.grad[0], model)
