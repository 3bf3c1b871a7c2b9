# torch.distributions docs (https://pytorch.org/docs/stable/distributions.html): the score
# function (REINFORCE) and pathwise derivative examples, with a tiny seeded policy
import torch
from torch.distributions import Bernoulli, Categorical, Normal, Uniform

torch.manual_seed(0)
m = Normal(torch.tensor([0.0]), torch.tensor([1.0]))
print(m, m.batch_shape, m.event_shape)
print(m.sample())
print(m.sample((2, 3)))
print(m.log_prob(torch.tensor([0.5])), m.entropy(), m.stddev, m.variance)

# score function: the policy's probabilities, an action, a reward
logits = torch.randn(4, requires_grad=True)
probs = torch.softmax(logits, dim=0)
c = Categorical(probs)
print(c, c.probs)
action = c.sample()
print(action, action.dtype)
reward = 1.5
loss = -c.log_prob(action) * reward
print(loss)
loss.backward()
print(logits.grad)

# pathwise derivative: rsample keeps the graph
mu = torch.tensor([0.5, -0.5], requires_grad=True)
sigma = torch.tensor([1.0, 2.0], requires_grad=True)
n = Normal(mu, sigma)
a = n.rsample()
print(a, a.grad_fn is not None, n.sample().requires_grad)
(-(a**2).sum()).backward()
print(mu.grad, sigma.grad)

b = Bernoulli(probs=torch.tensor([0.1, 0.5, 0.9]))
print(b, b.sample(), b.sample((2,)), b.mean, b.variance)
print(b.log_prob(torch.tensor([0.0, 1.0, 1.0])), b.entropy())
bl = Bernoulli(logits=torch.tensor([-1.0, 2.0]))
print(bl.probs, bl.sample((3,)))
u = Uniform(0.0, 2.0)
print(u, u.sample((4,)), u.mean, u.variance, u.entropy())
print(u.log_prob(torch.tensor([0.5, 1.5])))
for make in (
    lambda: Normal(0.0, -1.0),
    lambda: Bernoulli(probs=1.5),
    lambda: Bernoulli(),
    lambda: Categorical(torch.tensor(1.0)),
    lambda: Uniform(1.0, 0.0),
    lambda: Normal(0.0, 1.0).log_prob(0.5),
    lambda: Bernoulli(0.3).log_prob(torch.tensor(0.5)),
    lambda: Normal(torch.zeros(3), 1.0).log_prob(torch.ones(2)),
):
    try:
        make()
    except ValueError as e:
        print("ValueError:", e)
