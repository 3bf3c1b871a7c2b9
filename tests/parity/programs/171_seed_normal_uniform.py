# torch.normal(0, 1, size) as d2l's synthetic_data draws it, plus the in-place samplers uniform_/normal_
# (https://d2l.ai/chapter_linear-regression/linear-regression-scratch.html)
import torch

torch.manual_seed(0)
print(torch.normal(0, 1, (3, 4)))
print(torch.normal(0, 0.01, (5,)))
print(torch.normal(torch.tensor([0.0, 10.0, 100.0]), torch.tensor([1.0, 1.0, 0.1])))
print(torch.normal(2.0, 3.0, size=(2, 2)))
print(torch.empty(4).uniform_(-1, 1))
print(torch.empty(3).normal_(mean=5, std=2))
print(torch.zeros(6).bernoulli_(0.5))
print(torch.bernoulli(torch.full((6,), 0.3)))
print(torch.empty(5).exponential_())
print(torch.multinomial(torch.tensor([0.1, 0.2, 0.7]), 5, replacement=True))
