"""``torch.nn``: modules, parameters, layers, losses, ``functional``, ``init``, ``utils``; and
micrograd's ``Neuron``, ``Layer`` and ``MLP`` on Values.

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> model = torch.nn.Sequential(torch.nn.Linear(2, 1))
>>> loss = torch.nn.MSELoss()(model(torch.tensor([[1.0, 2.0]])), torch.tensor([[0.5]]))
>>> loss.grad_fn
<MseLossBackward0 object at 0x...>
"""

from . import functional, init, utils
from .conv import AdaptiveAvgPool2d, AvgPool2d, Conv2d, MaxPool2d
from .layers import (
    Dropout,
    Flatten,
    Identity,
    LeakyReLU,
    Linear,
    LogSoftmax,
    ModuleList,
    ReLU,
    Sequential,
    Sigmoid,
    Softmax,
    Tanh,
    TensorMLP,
)
from .loss import BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, L1Loss, MSELoss, NLLLoss
from .micrograd import MLP, Layer, Neuron, bce_loss, hinge_loss, mse_loss
from .module import Module
from .parameter import Parameter
from .sparse import Embedding

__all__ = [
    "MLP",
    "AdaptiveAvgPool2d",
    "AvgPool2d",
    "BCELoss",
    "BCEWithLogitsLoss",
    "Conv2d",
    "CrossEntropyLoss",
    "Dropout",
    "Embedding",
    "Flatten",
    "Identity",
    "L1Loss",
    "Layer",
    "LeakyReLU",
    "Linear",
    "LogSoftmax",
    "MSELoss",
    "MaxPool2d",
    "Module",
    "ModuleList",
    "NLLLoss",
    "Neuron",
    "Parameter",
    "ReLU",
    "Sequential",
    "Sigmoid",
    "Softmax",
    "Tanh",
    "TensorMLP",
    "bce_loss",
    "functional",
    "hinge_loss",
    "init",
    "mse_loss",
    "utils",
]
