# d2l.ai 2.6 "Probability and Statistics": coin tosses with torch.distributions.multinomial,
# seeded (https://d2l.ai/chapter_preliminaries/probability.html)
import torch
from torch.distributions.multinomial import Multinomial

torch.manual_seed(0)
fair_probs = torch.tensor([0.5, 0.5])
print(Multinomial(100, fair_probs).sample())
print(Multinomial(100, fair_probs).sample() / 100)
counts = Multinomial(10000, fair_probs).sample()
print(counts / 10000)
counts = Multinomial(1, fair_probs).sample((10,))
cum_counts = counts.cumsum(dim=0)
estimates = cum_counts / cum_counts.sum(dim=1, keepdims=True)
print(estimates)
print(torch.distributions.Normal(0.0, 1.0).log_prob(torch.tensor([0.0, 1.0])))
print(torch.distributions.Bernoulli(probs=torch.tensor(0.3)).sample((6,)))
