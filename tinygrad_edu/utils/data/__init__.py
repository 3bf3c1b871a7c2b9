"""``torch.utils.data``: datasets (``dataset``), samplers (``sampler``) and the ``DataLoader``
(``dataloader``), laid out in PyTorch's modules, so that old code's
``from torch.utils.data.sampler import SubsetRandomSampler`` finds its class.

>>> import tinygrad_edu as torch
>>> from tinygrad_edu.utils.data.sampler import SubsetRandomSampler
>>> SubsetRandomSampler is torch.utils.data.SubsetRandomSampler
True
"""

from . import dataloader, dataset, sampler
from ._utils.collate import default_collate, default_convert
from ._utils.worker import get_worker_info
from .dataloader import DataLoader
from .dataset import (
    ChainDataset,
    ConcatDataset,
    Dataset,
    IterableDataset,
    StackDataset,
    Subset,
    TensorDataset,
    random_split,
)
from .sampler import (
    BatchSampler,
    RandomSampler,
    Sampler,
    SequentialSampler,
    SubsetRandomSampler,
    WeightedRandomSampler,
)

__all__ = ["ConcatDataset", "DataLoader", "Dataset", "IterableDataset", "Subset", "TensorDataset"]
__all__ += ["ChainDataset", "StackDataset", "default_collate", "random_split"]
__all__ += ["BatchSampler", "RandomSampler", "Sampler", "SequentialSampler"]
__all__ += ["SubsetRandomSampler", "WeightedRandomSampler", "default_convert", "get_worker_info"]
__all__ += ["dataloader", "dataset", "sampler"]
