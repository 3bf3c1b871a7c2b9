# fast.ai "Deep Learning from the Foundations" (course-v3 nbs/dl2/03_minibatch_training.ipynb): log_softmax, nll,
# logsumexp, accuracy, DummyModule, add_module/ModuleList, Optimizer, Dataset, Sampler, collate, DataLoader, fit
import torch
import torch.nn.functional as F
from torch import nn, optim

# ruff: noqa: B007, E741, N812, UP028 - written as the source writes it


def near(a, b):
    return torch.allclose(a, b, rtol=1e-3, atol=1e-5)


def test_near(a, b):
    assert near(a, b), f"near:\n{a}\n{b}"


torch.manual_seed(0)
x_train, y_train = torch.rand(64, 12), torch.randint(0, 10, (64,))
x_valid, y_valid = torch.rand(32, 12), torch.randint(0, 10, (32,))
n, m = x_train.shape
c = y_train.max() + 1
nh = 8


class Model(nn.Module):
    def __init__(self, n_in, nh, n_out):
        super().__init__()
        self.layers = [nn.Linear(n_in, nh), nn.ReLU(), nn.Linear(nh, n_out)]

    def __call__(self, x):
        for l in self.layers:
            x = l(x)
        return x


model = Model(m, nh, 10)
pred = model(x_train)


def log_softmax(x):
    return (x.exp() / (x.exp().sum(-1, keepdim=True))).log()


sm_pred = log_softmax(pred)
print(y_train[:3])
print(sm_pred[[0, 1, 2], [5, 0, 4]])
print(y_train.shape[0])


def nll(input, target):
    return -input[range(target.shape[0]), target].mean()


loss = nll(sm_pred, y_train)
print(loss)


def log_softmax(x):
    return x - x.exp().sum(-1, keepdim=True).log()


test_near(nll(log_softmax(pred), y_train), loss)


def logsumexp(x):
    m = x.max(-1)[0]
    return m + (x - m[:, None]).exp().sum(-1).log()


test_near(logsumexp(pred), pred.logsumexp(-1))
print(logsumexp(pred)[:4], pred.logsumexp(-1)[:4])


def log_softmax(x):
    return x - x.logsumexp(-1, keepdim=True)


test_near(nll(log_softmax(pred), y_train), loss)
test_near(F.nll_loss(F.log_softmax(pred, -1), y_train), loss)
test_near(F.cross_entropy(pred, y_train), loss)
print(F.nll_loss(F.log_softmax(pred, -1), y_train), F.cross_entropy(pred, y_train))
loss_func = F.cross_entropy


def accuracy(out, yb):
    return (torch.argmax(out, dim=1) == yb).float().mean()


bs = 16
xb = x_train[0:bs]
preds = model(xb)
print(preds[0], preds.shape)
yb = y_train[0:bs]
print(loss_func(preds, yb), accuracy(preds, yb))
lr = 0.5
epochs = 1
for epoch in range(epochs):
    for i in range((n - 1) // bs + 1):
        start_i = i * bs
        end_i = start_i + bs
        xb = x_train[start_i:end_i]
        yb = y_train[start_i:end_i]
        loss = loss_func(model(xb), yb)
        loss.backward()
        with torch.no_grad():
            for l in model.layers:
                if hasattr(l, "weight"):
                    l.weight -= l.weight.grad * lr
                    l.bias -= l.bias.grad * lr
                    l.weight.grad.zero_()
                    l.bias.grad.zero_()
print(loss_func(model(xb), yb), accuracy(model(xb), yb))


class Model(nn.Module):
    def __init__(self, n_in, nh, n_out):
        super().__init__()
        self.l1 = nn.Linear(n_in, nh)
        self.l2 = nn.Linear(nh, n_out)

    def __call__(self, x):
        return self.l2(F.relu(self.l1(x)))


model = Model(m, nh, 10)
for name, l in model.named_children():
    print(f"{name}: {l}")
print(model)
print(model.l1)


def fit():
    for epoch in range(epochs):
        for i in range((n - 1) // bs + 1):
            start_i = i * bs
            end_i = start_i + bs
            xb = x_train[start_i:end_i]
            yb = y_train[start_i:end_i]
            loss = loss_func(model(xb), yb)
            loss.backward()
            with torch.no_grad():
                for p in model.parameters():
                    p -= p.grad * lr
                model.zero_grad()


fit()
print(loss_func(model(xb), yb), accuracy(model(xb), yb))


class DummyModule:
    def __init__(self, n_in, nh, n_out):
        self._modules = {}
        self.l1 = nn.Linear(n_in, nh)
        self.l2 = nn.Linear(nh, n_out)

    def __setattr__(self, k, v):
        if not k.startswith("_"):
            self._modules[k] = v
        super().__setattr__(k, v)

    def __repr__(self):
        return f"{self._modules}"

    def parameters(self):
        for l in self._modules.values():
            for p in l.parameters():
                yield p


mdl = DummyModule(m, nh, 10)
print(mdl)
print([o.shape for o in mdl.parameters()])
layers = [nn.Linear(m, nh), nn.ReLU(), nn.Linear(nh, 10)]


class Model(nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.layers = layers
        for i, l in enumerate(self.layers):
            self.add_module(f"layer_{i}", l)

    def __call__(self, x):
        for l in self.layers:
            x = l(x)
        return x


model = Model(layers)
print(model)


class SequentialModel(nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.layers = nn.ModuleList(layers)

    def __call__(self, x):
        for l in self.layers:
            x = l(x)
        return x


model = SequentialModel(layers)
print(model)
fit()
print(loss_func(model(xb), yb), accuracy(model(xb), yb))


class Optimizer:
    def __init__(self, params, lr=0.5):
        self.params, self.lr = list(params), lr

    def step(self):
        with torch.no_grad():
            for p in self.params:
                p -= p.grad * self.lr

    def zero_grad(self):
        for p in self.params:
            p.grad.data.zero_()


model = nn.Sequential(nn.Linear(m, nh), nn.ReLU(), nn.Linear(nh, 10))
opt = Optimizer(model.parameters())
for epoch in range(epochs):
    for i in range((n - 1) // bs + 1):
        start_i = i * bs
        end_i = start_i + bs
        xb = x_train[start_i:end_i]
        yb = y_train[start_i:end_i]
        pred = model(xb)
        loss = loss_func(pred, yb)
        loss.backward()
        opt.step()
        opt.zero_grad()
loss, acc = loss_func(model(xb), yb), accuracy(model(xb), yb)
print(loss, acc)


def get_model():
    model = nn.Sequential(nn.Linear(m, nh), nn.ReLU(), nn.Linear(nh, 10))
    return model, optim.SGD(model.parameters(), lr=lr)


class Dataset:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


train_ds, valid_ds = Dataset(x_train, y_train), Dataset(x_valid, y_valid)
assert len(train_ds) == len(x_train)
xb, yb = train_ds[0:5]
assert xb.shape == (5, 12)
print(xb.shape, yb)


class Sampler:
    def __init__(self, ds, bs, shuffle=False):
        self.n, self.bs, self.shuffle = len(ds), bs, shuffle

    def __iter__(self):
        self.idxs = torch.randperm(self.n) if self.shuffle else torch.arange(self.n)
        for i in range(0, self.n, self.bs):
            yield self.idxs[i : i + self.bs]


small_ds = Dataset(*train_ds[:10])
s = Sampler(small_ds, 3, False)
print([o for o in s])
s = Sampler(small_ds, 3, True)
print([o for o in s])


def collate(b):
    xs, ys = zip(*b)
    return torch.stack(xs), torch.stack(ys)


class DataLoader:
    def __init__(self, ds, sampler, collate_fn=collate):
        self.ds, self.sampler, self.collate_fn = ds, sampler, collate_fn

    def __iter__(self):
        for s in self.sampler:
            yield self.collate_fn([self.ds[i] for i in s])


train_samp = Sampler(train_ds, bs, shuffle=True)
valid_samp = Sampler(valid_ds, bs, shuffle=False)
train_dl = DataLoader(train_ds, sampler=train_samp, collate_fn=collate)
valid_dl = DataLoader(valid_ds, sampler=valid_samp, collate_fn=collate)
xb, yb = next(iter(valid_dl))
print(xb[0].view(3, 4), yb[0])
xb, yb = next(iter(train_dl))
print(yb[0])


def fit(epochs, model, loss_func, opt, train_dl, valid_dl):
    for epoch in range(epochs):
        model.train()
        for xb, yb in train_dl:
            loss = loss_func(model(xb), yb)
            loss.backward()
            opt.step()
            opt.zero_grad()
        model.eval()
        with torch.no_grad():
            tot_loss, tot_acc = 0.0, 0.0
            for xb, yb in valid_dl:
                pred = model(xb)
                tot_loss += loss_func(pred, yb)
                tot_acc += accuracy(pred, yb)
        nv = len(valid_dl)
        print(epoch, tot_loss / nv, tot_acc / nv)
    return tot_loss / nv, tot_acc / nv


from torch.utils.data import DataLoader  # noqa: E402


def get_dls(train_ds, valid_ds, bs, **kwargs):
    return (
        DataLoader(train_ds, batch_size=bs, shuffle=True, **kwargs),
        DataLoader(valid_ds, batch_size=bs * 2, **kwargs),
    )


train_dl, valid_dl = get_dls(train_ds, valid_ds, bs)
model, opt = get_model()
loss, acc = fit(3, model, loss_func, opt, train_dl, valid_dl)
print(loss, acc)
