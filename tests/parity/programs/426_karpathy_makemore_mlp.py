# Karpathy's makemore part 2 (the MLP of Bengio et al.): a context-3 dataset, the embedding lookup C[X],
# emb.view, minibatches drawn with randint, F.cross_entropy and p.data += -lr * p.grad, on a few names
import torch
import torch.nn.functional as F

# ruff: noqa: N812, RUF005 - written as the lecture writes it

words = [
    "emma",
    "olivia",
    "ava",
    "isabella",
    "sophia",
    "charlotte",
    "mia",
    "amelia",
    "harper",
    "evelyn",
]
chars = sorted(list(set("".join(words))))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
itos = {i: s for s, i in stoi.items()}
vocab = len(stoi)

block_size = 3  # context length: how many characters do we take to predict the next one?
X, Y = [], []
for w in words:
    context = [0] * block_size
    for ch in w + ".":
        ix = stoi[ch]
        X.append(context)
        Y.append(ix)
        context = context[1:] + [ix]  # crop and append
X = torch.tensor(X)
Y = torch.tensor(Y)
print(X.shape, X.dtype, Y.shape, Y.dtype, vocab)

g = torch.Generator().manual_seed(2147483647)  # for reproducibility
C = torch.randn((vocab, 2), generator=g)
W1 = torch.randn((6, 20), generator=g)
b1 = torch.randn(20, generator=g)
W2 = torch.randn((20, vocab), generator=g)
b2 = torch.randn(vocab, generator=g)
parameters = [C, W1, b1, W2, b2]
print(sum(p.nelement() for p in parameters))  # number of parameters in total
for p in parameters:
    p.requires_grad = True

emb = C[X]
print(
    emb.shape, emb.grad_fn, C[5], C[[5, 6, 7]].shape, C[torch.tensor([5, 6, 7])].shape, C[X][13, 2]
)

for i in range(30):
    # minibatch construct
    ix = torch.randint(0, X.shape[0], (16,), generator=g)
    # forward pass
    emb = C[X[ix]]  # (16, 3, 2)
    h = torch.tanh(emb.view(-1, 6) @ W1 + b1)  # (16, 20)
    logits = h @ W2 + b2  # (16, vocab)
    loss = F.cross_entropy(logits, Y[ix])
    if i % 10 == 0:
        print(i, f"{loss.item():.4f}")
    # backward pass
    for p in parameters:
        p.grad = None
    loss.backward()
    # update
    for p in parameters:
        p.data += -0.1 * p.grad

emb = C[X]
h = torch.tanh(emb.view(-1, 6) @ W1 + b1)
logits = h @ W2 + b2
loss = F.cross_entropy(logits, Y)
print(f"{loss.item():.4f}", C.grad.shape, C.grad[0])
