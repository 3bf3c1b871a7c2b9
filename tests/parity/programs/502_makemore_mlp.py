# Karpathy, makemore part 2 (MLP), nn-zero-to-hero lectures/makemore/makemore_part2_mlp.ipynb: 16 names inline,
# n_embd 2 and 20 hidden units in place of 10 and 200, 12 minibatch steps in place of 200000
import torch
import torch.nn.functional as F
import random

# ruff: noqa: I001, N812, RUF005, SIM905 - written as the source writes it

torch.manual_seed(42)  # the lecture's first C and its minibatches are unseeded
words = "emma olivia ava isabella sophia charlotte mia amelia harper evelyn abigail emily elizabeth mila ella avery".split()
print(words[:8], len(words))
chars = sorted(list(set("".join(words))))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
itos = {i: s for s, i in stoi.items()}
vocab_size = len(itos)
print(itos)
block_size = 3
X, Y = [], []
for w in words[:5]:
    print(w)
    context = [0] * block_size
    for ch in w + ".":
        ix = stoi[ch]
        X.append(context)
        Y.append(ix)
        print("".join(itos[i] for i in context), "--->", itos[ix])
        context = context[1:] + [ix]
X = torch.tensor(X)
Y = torch.tensor(Y)
print(X.shape, X.dtype, Y.shape, Y.dtype)
C = torch.randn((vocab_size, 2))
print(C[5], C[torch.tensor([5, 6, 7, 7, 7, 7])].shape, C[X].shape)
print(F.one_hot(torch.tensor(5), num_classes=vocab_size).float() @ C == C[5])
emb = C[X]
print(emb.shape, emb[13, 2], C[X][13, 2] == C[1])
print(torch.cat([emb[:, 0, :], emb[:, 1, :], emb[:, 2, :]], 1).shape)
print(torch.cat(torch.unbind(emb, 1), 1).shape)
a = torch.arange(18)
print(a.view(2, 9), a.view(9, 2).shape, a.view(3, 3, 2).shape, a.storage().size())
print(emb.view(-1, 6).shape, (emb.view(-1, 6) == torch.cat(torch.unbind(emb, 1), 1)).all())


def build_dataset(words):
    X, Y = [], []
    for w in words:
        context = [0] * block_size
        for ch in w + ".":
            ix = stoi[ch]
            X.append(context)
            Y.append(ix)
            context = context[1:] + [ix]
    X = torch.tensor(X)
    Y = torch.tensor(Y)
    print(X.shape, Y.shape)
    return X, Y


random.seed(42)
random.shuffle(words)
n1 = int(0.8 * len(words))
n2 = int(0.9 * len(words))
Xtr, Ytr = build_dataset(words[:n1])
Xdev, Ydev = build_dataset(words[n1:n2])
Xte, Yte = build_dataset(words[n2:])
g = torch.Generator().manual_seed(2147483647)
C = torch.randn((vocab_size, 2), generator=g)
W1 = torch.randn((6, 20), generator=g)
b1 = torch.randn(20, generator=g)
W2 = torch.randn((20, vocab_size), generator=g)
b2 = torch.randn(vocab_size, generator=g)
parameters = [C, W1, b1, W2, b2]
print(sum(p.nelement() for p in parameters))
for p in parameters:
    p.requires_grad = True
emb = C[Xtr[:32]]
h = torch.tanh(emb.view(-1, 6) @ W1 + b1)
logits = h @ W2 + b2
counts = logits.exp()
prob = counts / counts.sum(1, keepdims=True)
loss = -prob[torch.arange(32), Ytr[:32]].log().mean()
print(loss, F.cross_entropy(logits, Ytr[:32]))
lre = torch.linspace(-3, 0, 1000)
lrs = 10**lre
print(lre[:3], lrs[-3:], lrs.shape)
lossi = []
stepi = []
for i in range(12):
    ix = torch.randint(0, Xtr.shape[0], (32,))
    emb = C[Xtr[ix]]
    h = torch.tanh(emb.view(-1, 6) @ W1 + b1)
    logits = h @ W2 + b2
    loss = F.cross_entropy(logits, Ytr[ix])
    for p in parameters:
        p.grad = None
    loss.backward()
    lr = 0.1 if i < 8 else 0.01
    for p in parameters:
        p.data += -lr * p.grad
    stepi.append(i)
    lossi.append(loss.log10().item())
print(loss.item(), lossi[:5])
emb = C[Xtr]
h = torch.tanh(emb.view(-1, 6) @ W1 + b1)
logits = h @ W2 + b2
loss = F.cross_entropy(logits, Ytr)
print(loss)
emb = C[Xdev]
h = torch.tanh(emb.view(-1, 6) @ W1 + b1)
logits = h @ W2 + b2
loss = F.cross_entropy(logits, Ydev)
print(loss)
print(C[:, 0].data, C[1, 1].item())
context = [0] * block_size
print(C[torch.tensor([context])].shape)
g = torch.Generator().manual_seed(2147483647 + 10)
for _ in range(5):
    out = []
    context = [0] * block_size
    while True:
        emb = C[torch.tensor([context])]
        h = torch.tanh(emb.view(1, -1) @ W1 + b1)
        logits = h @ W2 + b2
        probs = F.softmax(logits, dim=1)
        ix = torch.multinomial(probs, num_samples=1, generator=g).item()
        context = context[1:] + [ix]
        out.append(ix)
        if ix == 0:
            break
    print("".join(itos[i] for i in out))
