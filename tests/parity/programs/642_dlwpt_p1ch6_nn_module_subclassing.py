# ruff: noqa - written as the source writes it
# Deep Learning with PyTorch, p1ch6/3_nn_module_subclassing.ipynb: Sequential, a Module subclass and a
# functional one, their parameters and reprs (plots left out)
import torch
import torch.optim as optim
import torch.nn as nn

_r = torch.set_printoptions(edgeitems=2, linewidth=75)
if _r is not None:
    print(repr(_r))

seq_model = nn.Sequential(
    nn.Linear(1, 11),  # <1>
    nn.Tanh(),
    nn.Linear(11, 1),
)  # <1>
_r = seq_model
if _r is not None:
    print(repr(_r))

from collections import OrderedDict

namedseq_model = nn.Sequential(
    OrderedDict(
        [
            ("hidden_linear", nn.Linear(1, 12)),
            ("hidden_activation", nn.Tanh()),
            ("output_linear", nn.Linear(12, 1)),
        ]
    )
)

_r = namedseq_model
if _r is not None:
    print(repr(_r))


class SubclassModel(nn.Module):
    def __init__(self):
        super().__init__()  # <1>

        self.hidden_linear = nn.Linear(1, 13)
        self.hidden_activation = nn.Tanh()
        self.output_linear = nn.Linear(13, 1)

    def forward(self, input):
        hidden_t = self.hidden_linear(input)
        activated_t = self.hidden_activation(hidden_t)
        output_t = self.output_linear(activated_t)

        return output_t


subclass_model = SubclassModel()
_r = subclass_model
if _r is not None:
    print(repr(_r))

for type_str, model in [
    ("seq", seq_model),
    ("namedseq", namedseq_model),
    ("subclass", subclass_model),
]:
    print(type_str)
    for name_str, param in model.named_parameters():
        print("{:21} {:19} {}".format(name_str, str(param.shape), param.numel()))

    print()


class SubclassFunctionalModel(nn.Module):
    def __init__(self):
        super().__init__()

        self.hidden_linear = nn.Linear(1, 14)
        # <1>
        self.output_linear = nn.Linear(14, 1)

    def forward(self, input):
        hidden_t = self.hidden_linear(input)
        activated_t = torch.tanh(hidden_t)  # <2>
        output_t = self.output_linear(activated_t)

        return output_t


func_model = SubclassFunctionalModel()
_r = func_model
if _r is not None:
    print(repr(_r))
