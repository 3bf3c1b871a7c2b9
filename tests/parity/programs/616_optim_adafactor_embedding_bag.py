import torch
from torch import nn

# A bag-of-words text classifier (EmbeddingBag over token offsets) trained with Adafactor, in
# float32 and float64; the sum and max modes and per-sample weights.
vocab, classes = 12, 3
texts = [[1, 4, 5], [2, 2, 7, 9], [3], [10, 11, 4, 1, 0], [6, 8], [9, 3, 3]]
labels = torch.tensor([0, 1, 2, 0, 1, 2])
tokens = torch.tensor([t for text in texts for t in text])
offsets = torch.tensor([0] + [len(t) for t in texts[:-1]]).cumsum(0)
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    bag = nn.EmbeddingBag(vocab, 4, mode="mean", dtype=dt)
    head = nn.Linear(4, classes, dtype=dt)
    print(bag, offsets)
    opt = torch.optim.Adafactor(list(bag.parameters()) + list(head.parameters()), lr=0.05)
    for step in range(6):
        opt.zero_grad()
        logits = head(bag(tokens, offsets))
        loss = nn.functional.cross_entropy(logits, labels)
        loss.backward()
        opt.step()
        print(step, f"{loss.item():.4f}")
    print(bag.weight[:3])
    print(sorted(opt.state[bag.weight]), opt.state[bag.weight]["step"])
    print(opt.state[head.bias]["variance"])
    summed = nn.EmbeddingBag.from_pretrained(bag.weight.detach(), mode="sum")
    print(summed(tokens, offsets)[:2])
    print(nn.functional.embedding_bag(tokens, bag.weight, offsets, mode="max")[:2])
    w = torch.linspace(0.5, 1.5, len(tokens), dtype=dt)
    print(summed(tokens, offsets, per_sample_weights=w)[:2])
print(opt)
