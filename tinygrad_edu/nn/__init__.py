"""``torch.nn``: modules, parameters, layers, losses, ``functional``, ``init``, ``utils``; and
micrograd's ``Neuron``, ``Layer`` and ``MLP`` on Values.

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> model = torch.nn.Sequential(torch.nn.Linear(2, 1))
>>> loss = torch.nn.MSELoss()(model(torch.tensor([[1.0, 2.0]])), torch.tensor([[0.5]]))
>>> loss.grad_fn
<MseLossBackward0 object at 0x...>
"""

from ..core.micrograd import MLP, Layer, Neuron, bce_loss, hinge_loss, mse_loss
from . import common_types, functional, grad, init, modules, parallel, utils
from .activation import (
    CELU,
    ELU,
    GELU,
    SELU,
    Hardsigmoid,
    Hardswish,
    Hardtanh,
    LeakyReLU,
    LogSigmoid,
    LogSoftmax,
    Mish,
    ReLU,
    ReLU6,
    Sigmoid,
    SiLU,
    Softmax,
    Softmin,
    Softplus,
    Softsign,
    Tanh,
    Tanhshrink,
)
from .adaptive import AdaptiveLogSoftmaxWithLoss
from .channels import (
    ConstantPad1d,
    ConstantPad2d,
    ConstantPad3d,
    Dropout1d,
    Dropout2d,
    PixelShuffle,
    PixelUnshuffle,
    Softmax2d,
    ZeroPad1d,
    ZeroPad2d,
    ZeroPad3d,
)
from .containers import Container, ModuleDict, ModuleList, Sequential
from .conv import AdaptiveAvgPool2d, AdaptiveMaxPool2d, AvgPool2d, Conv2d, MaxPool2d
from .conv1d import AdaptiveAvgPool1d, AdaptiveMaxPool1d, AvgPool1d, Conv1d, MaxPool1d
from .conv3d import AdaptiveAvgPool3d, AdaptiveMaxPool3d, AvgPool3d, Conv3d, MaxPool3d
from .cross_map_lrn import CrossMapLRN2d
from .embedding_bag import EmbeddingBag
from .factory import factory_kwargs
from .fractional import FractionalMaxPool2d, FractionalMaxPool3d
from .group_norm import GroupNorm, InstanceNorm1d, InstanceNorm2d, RMSNorm
from .layers import Dropout, Flatten, Identity, LazyLinear, Linear, TensorMLP
from .linear_cross_entropy_options import LinearCrossEntropyOptions
from .loss import (
    BCELoss,
    BCEWithLogitsLoss,
    CrossEntropyLoss,
    CTCLoss,
    HuberLoss,
    L1Loss,
    LinearCrossEntropyLoss,
    MSELoss,
    NLLLoss,
    NLLLoss2d,
    SmoothL1Loss,
)
from .module import Module
from .more_losses import (
    CosineEmbeddingLoss,
    GaussianNLLLoss,
    HingeEmbeddingLoss,
    MarginRankingLoss,
    MultiLabelMarginLoss,
    MultiLabelSoftMarginLoss,
    MultiMarginLoss,
    PoissonNLLLoss,
    SoftMarginLoss,
    TripletMarginLoss,
    TripletMarginWithDistanceLoss,
)
from .more_modules import (
    GLU,
    CosineSimilarity,
    Hardshrink,
    KLDivLoss,
    PairwiseDistance,
    ParameterDict,
    ParameterList,
    PReLU,
    Softshrink,
    Threshold,
    Unflatten,
)
from .noisy import AlphaDropout, FeatureAlphaDropout, RReLU
from .normalization import BatchNorm1d, BatchNorm2d, BatchNorm3d, LayerNorm
from .padding import (
    CircularPad1d,
    CircularPad2d,
    CircularPad3d,
    ReflectionPad1d,
    ReflectionPad2d,
    ReflectionPad3d,
    ReplicationPad1d,
    ReplicationPad2d,
    ReplicationPad3d,
)
from .parallel import DataParallel
from .parameter import Buffer, Parameter, UninitializedBuffer, UninitializedParameter
from .patches import (
    Bilinear,
    ChannelShuffle,
    Dropout3d,
    Fold,
    InstanceNorm3d,
    LocalResponseNorm,
    Unfold,
)
from .rnn import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNBase, RNNCell
from .sparse import Embedding
from .unpool import LPPool1d, LPPool2d, LPPool3d, MaxUnpool1d, MaxUnpool2d, MaxUnpool3d
from .upsampling import (
    ConvTranspose1d,
    ConvTranspose2d,
    ConvTranspose3d,
    Upsample,
    UpsamplingBilinear2d,
    UpsamplingNearest2d,
)

__all__ = [
    "CELU",
    "ELU",
    "GELU",
    "GLU",
    "GRU",
    "LSTM",
    "MLP",
    "RNN",
    "SELU",
    "AdaptiveAvgPool2d",
    "AvgPool2d",
    "BCELoss",
    "BCEWithLogitsLoss",
    "BatchNorm1d",
    "BatchNorm2d",
    "BatchNorm3d",
    "Conv2d",
    "CosineSimilarity",
    "CrossEntropyLoss",
    "Dropout",
    "Embedding",
    "Flatten",
    "GRUCell",
    "Hardshrink",
    "Hardsigmoid",
    "Hardswish",
    "Hardtanh",
    "HuberLoss",
    "Identity",
    "KLDivLoss",
    "L1Loss",
    "LSTMCell",
    "Layer",
    "LayerNorm",
    "LazyLinear",
    "LeakyReLU",
    "Linear",
    "LogSigmoid",
    "LogSoftmax",
    "MSELoss",
    "MaxPool2d",
    "Mish",
    "Module",
    "ModuleDict",
    "ModuleList",
    "NLLLoss",
    "Neuron",
    "PReLU",
    "PairwiseDistance",
    "Parameter",
    "ParameterDict",
    "ParameterList",
    "RNNBase",
    "RNNCell",
    "ReLU",
    "ReLU6",
    "Sequential",
    "SiLU",
    "Sigmoid",
    "SmoothL1Loss",
    "Softmax",
    "Softmin",
    "Softplus",
    "Softshrink",
    "Softsign",
    "Tanh",
    "Tanhshrink",
    "TensorMLP",
    "Threshold",
    "Unflatten",
    "bce_loss",
    "functional",
    "hinge_loss",
    "init",
    "mse_loss",
    "utils",
]
__all__ += ["LinearCrossEntropyLoss", "LinearCrossEntropyOptions"]
__all__ += ["AdaptiveAvgPool1d", "AvgPool1d", "ConstantPad1d", "ConstantPad2d", "Conv1d"]
__all__ += ["Dropout1d", "Dropout2d", "GroupNorm", "InstanceNorm1d", "InstanceNorm2d"]
__all__ += ["MaxPool1d", "PixelShuffle", "PixelUnshuffle", "RMSNorm", "ZeroPad1d", "ZeroPad2d"]
__all__ += ["CosineEmbeddingLoss", "GaussianNLLLoss", "HingeEmbeddingLoss", "MarginRankingLoss"]
__all__ += ["AdaptiveMaxPool1d", "PoissonNLLLoss", "SoftMarginLoss", "TripletMarginLoss"]
__all__ += ["AdaptiveMaxPool2d", "ConstantPad3d", "ConvTranspose1d", "Softmax2d", "ZeroPad3d"]
__all__ += ["Bilinear", "ChannelShuffle", "ConvTranspose2d", "Dropout3d", "Fold", "Upsample"]
__all__ += ["InstanceNorm3d", "LocalResponseNorm", "Unfold", "UpsamplingBilinear2d"]
__all__ += ["CrossMapLRN2d", "FractionalMaxPool2d", "FractionalMaxPool3d", "factory_kwargs"]
__all__ += ["UpsamplingNearest2d"]
__all__ += ["CircularPad1d", "CircularPad2d", "CircularPad3d", "ReflectionPad1d"]
__all__ += ["ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d"]
__all__ += ["ReplicationPad3d"]
__all__ += ["Buffer"]
__all__ += ["MultiLabelSoftMarginLoss"]
__all__ += ["MultiLabelMarginLoss", "MultiMarginLoss", "TripletMarginWithDistanceLoss"]
__all__ += ["AlphaDropout", "FeatureAlphaDropout", "RReLU"]
__all__ += [
    "AdaptiveLogSoftmaxWithLoss",
    "CTCLoss",
    "Container",
    "DataParallel",
    "NLLLoss2d",
    "UninitializedBuffer",
]
__all__ += ["UninitializedParameter", "common_types", "grad", "modules", "parallel"]
__all__ += ["EmbeddingBag", "LPPool1d", "LPPool2d", "MaxUnpool1d", "MaxUnpool2d"]
__all__ += ["AdaptiveAvgPool3d", "AdaptiveMaxPool3d", "AvgPool3d", "Conv3d", "ConvTranspose3d"]
__all__ += ["LPPool3d", "MaxPool3d", "MaxUnpool3d"]
