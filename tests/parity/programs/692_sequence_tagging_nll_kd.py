# A sequence tagger's loss as language-model tutorials compute it: logits (N, C, T) with the
# classes along dim 1, targets (N, T) with padding ignored; the 3-d case is viewed onto
# PyTorch's 2d loss, other K too; errors a wrong target shape gives
import torch
import torch.nn as nn
import torch.nn.functional as F  # noqa: N812

torch.manual_seed(1)
vocab, batch, steps = 6, 3, 5
emb = nn.Embedding(vocab, 4)
proj = nn.Linear(4, vocab)
tokens = torch.randint(0, vocab, (batch, steps))
targets = torch.roll(tokens, -1, dims=1)
targets[:, -1] = -100  # padding

logits = proj(emb(tokens)).transpose(1, 2)  # (N, C, T)
print(logits.shape)
loss = F.cross_entropy(logits, targets)
print(loss)
node = loss.grad_fn
while node is not None:
    print(type(node).__name__)
    node = node.next_functions[0][0] if node.next_functions else None
loss.backward()
print(proj.bias.grad)

per_token = nn.CrossEntropyLoss(reduction="none")(logits, targets)
print(per_token.grad_fn, per_token.grad_fn.next_functions[0][0])
print(per_token)

logp = F.log_softmax(logits, dim=1)
print(nn.NLLLoss(reduction="sum")(logp, targets))
print(F.nll_loss(logp.unsqueeze(-1), targets.unsqueeze(-1)))  # (N, C, T, 1): the 4-d case

x5 = torch.randn(2, 3, 2, 2, 2, requires_grad=True)
t5 = torch.randint(0, 3, (2, 2, 2, 2))
l5 = F.cross_entropy(x5, t5, weight=torch.tensor([0.2, 1.0, 3.0]))
l5.backward()
print(l5, l5.grad_fn.next_functions[0][0])
print(x5.grad[0, :, 0])

for bad in (
    torch.zeros(3, 4, dtype=torch.long),
    torch.zeros(3, dtype=torch.long),
    torch.zeros(2, steps, dtype=torch.long),
):
    try:
        F.cross_entropy(logits, bad)
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    F.nll_loss(torch.randn(2, 3, 4, 4), torch.zeros(2, 4, 5, dtype=torch.long))
except RuntimeError as e:
    print(e)
