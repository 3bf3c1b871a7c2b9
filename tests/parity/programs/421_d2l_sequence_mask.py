# d2l.ai 10.7 sequence-to-sequence: sequence_mask as the book writes it, the padded-token mask of
# its masked loss, and the grads through a masked write (https://d2l.ai/chapter_recurrent-modern/seq2seq.html)
import torch


def sequence_mask(X, valid_len, value=0):
    """Mask irrelevant entries in sequences."""
    maxlen = X.size(1)
    mask = (
        torch.arange((maxlen), dtype=torch.float32, device=X.device)[None, :] < valid_len[:, None]
    )
    X[~mask] = value
    return X


X = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(sequence_mask(X, torch.tensor([1, 2])))
X = torch.ones(2, 3, 4)
print(sequence_mask(X, torch.tensor([1, 2]), value=-1))

# the weights of the masked softmax cross-entropy loss: 1 for real tokens, 0 for padding
label = torch.tensor([[3, 1, 0, 0], [2, 2, 4, 0]])
weights = torch.ones_like(label)
weights = sequence_mask(weights, torch.tensor([2, 3]))
print(weights, weights.dtype)

# a per-token loss made by a model, then masked: padding contributes no gradient
torch.manual_seed(0)
logits = torch.randn(2, 4, requires_grad=True)
per_token = (logits - 0.5) ** 2
masked = per_token.clone()
masked = sequence_mask(masked, torch.tensor([2, 3]))
loss = masked.sum(dim=1).mean()
print(masked.grad_fn, loss)
loss.backward()
print(logits.grad)
valid = torch.tensor([2, 3])
mask = torch.arange(4)[None, :] < valid[:, None]
print(mask, mask.sum(), logits[mask].shape, logits.detach()[~mask])
