# ruff: noqa - written as the source writes it
# Deep Learning with PyTorch, p1ch6/2_activation_functions.ipynb (plots left out)

import torch
import torch.optim as optim
import torch.nn as nn

_r = torch.set_printoptions(edgeitems=2, linewidth=75)
if _r is not None:
    print(repr(_r))

input_t = torch.arange(-3, 3.1, 0.1)
_r = input_t
if _r is not None:
    print(repr(_r))
