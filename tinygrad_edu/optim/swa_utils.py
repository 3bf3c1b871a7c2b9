"""``torch.optim.swa_utils``: stochastic weight averaging and exponential moving averages of a
model's weights (``AveragedModel``), the SWA learning-rate schedule (``SWALR``) and the pass
that recomputes batch norm statistics for the averaged weights (``update_bn``), as PyTorch
2.13's ``torch/optim/swa_utils.py`` computes them on the CPU.

>>> import tinygrad_edu as torch
>>> from tinygrad_edu.optim.swa_utils import AveragedModel
>>> net = torch.nn.Linear(1, 1)
>>> swa = AveragedModel(net)
>>> swa.n_averaged
tensor(0)
"""

from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Callable, Iterable
from copy import deepcopy
from typing import Any

from .._tensor.dtype import float32, int64
from .._tensor.kernels import float32_arithmetic
from .._tensor.ops.inplace import write
from .._tensor.tensor import Tensor, tensor
from .._torch_cpu.float32_libm import f32
from .._torch_cpu.optim_arith import Arith
from ..core.grad_mode import no_grad
from ..nn.module import Module
from ..nn.normalization import BatchNorm1d
from .lr_scheduler import LRScheduler
from .optimizer import Optimizer

__all__ = ["SWALR", "AveragedModel", "get_ema_avg_fn", "get_ema_multi_avg_fn"]
__all__ += ["get_swa_avg_fn", "get_swa_multi_avg_fn", "update_bn"]

Params = list[Tensor] | tuple[Tensor, ...]


def _lerp_(avg: Tensor, current: Tensor, weight: float) -> None:
    """``avg.lerp_(current, weight)`` with ATen's lerp kernel (``optim_arith``), in place."""
    a = Arith(avg.dtype is float32 and float32_arithmetic())
    numbers = a.lerp([v.data for v in avg.elements()], [v.data for v in current.elements()],
                     weight)  # fmt: skip
    write(avg, numbers)


def _check_decay(decay: float) -> None:
    if decay < 0.0 or decay > 1.0:
        raise ValueError(
            f"Invalid decay value {decay} provided. Please provide a value in [0,1] range."
        )


def get_ema_multi_avg_fn(decay: float = 0.999) -> Callable[[Params, Params, Any], None]:
    """An EMA update of a list of parameters in place: ``ema.lerp_(current, 1 - decay)``."""
    _check_decay(decay)

    def ema_update(ema_param_list: Params, current_param_list: Params, _: Any) -> None:
        with no_grad():
            for p_ema, p_model in zip(ema_param_list, current_param_list):
                if p_ema.dtype.is_floating_point:
                    _lerp_(p_ema, p_model, 1 - decay)
                else:
                    p_ema.copy_(p_ema * decay + p_model * (1 - decay))

    return ema_update


def get_swa_multi_avg_fn() -> Callable[[Params, Params, Any], None]:
    """The running mean of a list of parameters in place: ``avg.lerp_(current, 1 / (n + 1))``
    (the weight a float32 number when ``n`` is a tensor, as PyTorch's division makes it)."""

    def swa_update(averaged_param_list: Params, current_param_list: Params,
                   num_averaged: Any) -> None:  # fmt: skip
        n = int(num_averaged.item()) if isinstance(num_averaged, Tensor) else num_averaged
        weight = f32(1 / (n + 1)) if isinstance(num_averaged, Tensor) else 1 / (n + 1)
        with no_grad():
            for p_avg, p_model in zip(averaged_param_list, current_param_list):
                if p_avg.dtype.is_floating_point:
                    _lerp_(p_avg, p_model, weight)
                else:
                    p_avg.add_(p_model - p_avg, alpha=1.0 / (n + 1))

    return swa_update


def get_ema_avg_fn(decay: float = 0.999) -> Callable[[Tensor, Tensor, Any], Tensor]:
    """An EMA of one parameter: ``decay * ema + (1 - decay) * current``."""
    _check_decay(decay)

    def ema_update(ema_param: Tensor, current_param: Tensor, num_averaged: Any) -> Tensor:
        with no_grad():
            return decay * ema_param + (1 - decay) * current_param

    return ema_update


def get_swa_avg_fn() -> Callable[[Tensor, Tensor, Any], Tensor]:
    """The running mean of one parameter: ``avg + (current - avg) / (n + 1)``."""

    def swa_update(averaged_param: Tensor, current_param: Tensor, num_averaged: Any) -> Tensor:
        with no_grad():
            return averaged_param + (current_param - averaged_param) / (num_averaged + 1)

    return swa_update


class AveragedModel(Module):
    """A copy of ``model`` whose parameters are the average of ``model``'s over the calls to
    ``update_parameters`` (the running mean, or ``avg_fn``/``multi_avg_fn``: an EMA ...);
    ``n_averaged`` counts them. Called, it runs the averaged copy."""

    def __init__(
        self,
        model: Module,
        device: Any = None,
        avg_fn: Callable[[Tensor, Tensor, Any], Tensor] | None = None,
        multi_avg_fn: Callable[[Params, Params, Any], None] | None = None,
        use_buffers: bool = False,
    ) -> None:
        super().__init__()
        if avg_fn is not None and multi_avg_fn is not None:
            raise AssertionError("Only one of avg_fn and multi_avg_fn should be provided")
        self.module = deepcopy(model)
        self.register_buffer("n_averaged", tensor(0, dtype=int64))
        self.avg_fn, self.multi_avg_fn, self.use_buffers = avg_fn, multi_avg_fn, use_buffers

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        return self.module(*args, **kwargs)

    def update_parameters(self, model: Module) -> None:
        """Fold ``model``'s current parameters (and buffers, with ``use_buffers``) into the
        average; the first call copies them."""
        if self.use_buffers:
            mine = list(itertools.chain(self.module.parameters(), self.module.buffers()))
            theirs = list(itertools.chain(model.parameters(), model.buffers()))
        else:
            mine, theirs = list(self.parameters()), list(model.parameters())
        mine_d = [p.detach() for p in mine]
        theirs_d = [p.detach() for p in theirs]
        n = int(self.n_averaged.item())
        with no_grad():
            if n == 0:
                for p_avg, p_model in zip(mine_d, theirs_d):
                    p_avg.copy_(p_model)
            elif self.multi_avg_fn is not None:
                self.multi_avg_fn(mine_d, theirs_d, self.n_averaged)
            else:  # the CPU's path: one tensor at a time
                avg_fn = self.avg_fn if self.avg_fn is not None else get_swa_avg_fn()
                for p_avg, p_model in zip(mine_d, theirs_d):
                    p_avg.copy_(avg_fn(p_avg, p_model, self.n_averaged))
            if not self.use_buffers:
                for b_swa, b_model in zip(self.module.buffers(), model.buffers()):
                    b_swa.detach().copy_(b_model.detach())
            self.n_averaged += 1


def update_bn(loader: Iterable[Any], model: Module, device: Any = None) -> None:
    """Recompute every batch norm's running statistics for ``model``'s weights: reset them,
    then one pass over ``loader`` in training mode with a cumulative average."""
    momenta: dict[Module, Any] = {}
    for module in model.modules():
        if isinstance(module, BatchNorm1d):
            module.reset_running_stats()
            momenta[module] = module.momentum
    if not momenta:
        return
    was_training = model.training
    model.train()
    for module in momenta:
        module.momentum = None
    with no_grad():
        for input in loader:
            if isinstance(input, (list, tuple)):
                input = input[0]
            model(input)
    for module, momentum in momenta.items():
        module.momentum = momentum
    model.train(was_training)


class SWALR(LRScheduler):
    """Anneal each group's learning rate to ``swa_lr`` over ``anneal_epochs`` epochs (cosine
    or linear), then hold it."""

    def __init__(self, optimizer: Optimizer, swa_lr: float | list[float], anneal_epochs: int = 10,
                 anneal_strategy: str = "cos", last_epoch: int = -1) -> None:  # fmt: skip
        groups = optimizer.param_groups
        if isinstance(swa_lr, (list, tuple)):
            if len(swa_lr) != len(groups):
                raise ValueError(
                    "swa_lr must have the same length as optimizer.param_groups. swa_lr has "
                    f"{len(swa_lr)} values, param_groups has {len(groups)}."
                )
            swa_lrs = list(swa_lr)
        else:
            swa_lrs = [swa_lr] * len(groups)
        for lr, group in zip(swa_lrs, groups):
            group["swa_lr"] = lr
        if anneal_strategy not in ["cos", "linear"]:
            raise ValueError(
                f"anneal_strategy must be one of 'cos' or 'linear', instead got {anneal_strategy}"
            )
        self._set_anneal_func(anneal_strategy)
        if not isinstance(anneal_epochs, int) or anneal_epochs < 0:
            raise ValueError(f"anneal_epochs must be equal or greater than 0, got {anneal_epochs}")
        self.anneal_epochs = anneal_epochs
        super().__init__(optimizer, last_epoch)

    @staticmethod
    def _linear_anneal(t: float) -> float:
        return t

    @staticmethod
    def _cosine_anneal(t: float) -> float:
        return (1 - math.cos(math.pi * t)) / 2

    @staticmethod
    def _get_initial_lr(lr: float, swa_lr: float, alpha: float) -> float:
        if alpha == 1:
            return swa_lr
        return (lr - alpha * swa_lr) / (1 - alpha)

    def _set_anneal_func(self, anneal_strategy: str) -> None:
        self._anneal_strategy = anneal_strategy
        self.anneal_func = self._cosine_anneal if anneal_strategy == "cos" else self._linear_anneal

    def get_lr(self) -> list[float]:
        if not self._get_lr_called_within_step:
            warnings.warn(
                "To get the last learning rate computed by the scheduler, please use "
                "`get_last_lr()`.",
                UserWarning,
                stacklevel=2,
            )
        step = self._step_count - 1
        if self.anneal_epochs == 0:
            step = max(1, step)
        prev_t = max(0, min(1, (step - 1) / max(1, self.anneal_epochs)))
        prev_alpha = self.anneal_func(prev_t)
        groups = self.optimizer.param_groups
        prev_lrs = [self._get_initial_lr(g["lr"], g["swa_lr"], prev_alpha) for g in groups]
        t = max(0, min(1, step / max(1, self.anneal_epochs)))
        alpha = self.anneal_func(t)
        return [g["swa_lr"] * alpha + lr * (1 - alpha) for g, lr in zip(groups, prev_lrs)]

    def state_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in ("optimizer", "anneal_func")}

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        self.__dict__.update(state_dict)
        self._set_anneal_func(self._anneal_strategy)
