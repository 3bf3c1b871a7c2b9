"""``torch.distributions``: the distributions beginners meet, sampled as PyTorch samples them.

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> torch.distributions.Bernoulli(probs=torch.tensor(0.3)).sample((4,))
tensor([0., 0., 0., 0.])
"""

from . import constraints
from .bernoulli import Bernoulli
from .categorical import Categorical
from .distribution import Distribution
from .multinomial import Multinomial
from .normal import Normal
from .uniform import Uniform

__all__ = [
    "Bernoulli",
    "Categorical",
    "Distribution",
    "Multinomial",
    "Normal",
    "Uniform",
    "constraints",
]
