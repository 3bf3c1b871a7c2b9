# ruff: noqa - written as the source writes it
# Deep Learning with PyTorch, p1ch3/2_named_tensors.ipynb: grayscale by mean, by broadcast weights and
# by einsum (the named-tensor cells left out: PyTorch 2.13 has no names= any more; a seed added)
import torch

torch.manual_seed(0)
img_t = torch.randn(3, 5, 5)  # shape [channels, rows, columns]
weights = torch.tensor([0.2126, 0.7152, 0.0722])

batch_t = torch.randn(2, 3, 5, 5)  # shape [batch, channels, rows, columns]

img_gray_naive = img_t.mean(-3)
batch_gray_naive = batch_t.mean(-3)
_r = (img_gray_naive.shape, batch_gray_naive.shape)
if _r is not None:
    print(repr(_r))

unsqueezed_weights = weights.unsqueeze(-1).unsqueeze_(-1)
img_weights = img_t * unsqueezed_weights
batch_weights = batch_t * unsqueezed_weights
img_gray_weighted = img_weights.sum(-3)
batch_gray_weighted = batch_weights.sum(-3)
_r = (batch_weights.shape, batch_t.shape, unsqueezed_weights.shape)
if _r is not None:
    print(repr(_r))

img_gray_weighted_fancy = torch.einsum("...chw,c->...hw", img_t, weights)
batch_gray_weighted_fancy = torch.einsum("...chw,c->...hw", batch_t, weights)
_r = batch_gray_weighted_fancy.shape
if _r is not None:
    print(repr(_r))
