# ruff: noqa - written as the source writes it
# Deep Learning with PyTorch, p1ch4/3_tabular_wine.ipynb: the wine table as a tensor (a seeded stand-in
# for the CSV file), one-hot by scatter_, normalisation, boolean masks, a threshold predictor
import torch

_r = torch.set_printoptions(edgeitems=2, precision=2, linewidth=75)
if _r is not None:
    print(repr(_r))

import csv

# a small seeded stand-in for the book's CSV file: 11 measurements and a quality score 3..9
g = torch.Generator().manual_seed(0)
wineq_numpy = torch.cat(
    [torch.rand(200, 11, generator=g) * 200, torch.randint(3, 10, (200, 1), generator=g).float()], 1
)
_r = wineq_numpy
if _r is not None:
    print(repr(_r))

col_list = [
    "fixed acidity",
    "volatile acidity",
    "citric acid",
    "residual sugar",
    "chlorides",
    "free sulfur dioxide",
    "total sulfur dioxide",
    "density",
    "pH",
    "sulphates",
    "alcohol",
    "quality",
]

_r = (wineq_numpy.shape, col_list)
if _r is not None:
    print(repr(_r))

wineq = wineq_numpy

_r = (wineq.shape, wineq.dtype)
if _r is not None:
    print(repr(_r))

data = wineq[:, :-1]  # <1>
_r = (data, data.shape)
if _r is not None:
    print(repr(_r))

target = wineq[:, -1]  # <2>
_r = (target, target.shape)
if _r is not None:
    print(repr(_r))

target = wineq[:, -1].long()
_r = target
if _r is not None:
    print(repr(_r))

target_onehot = torch.zeros(target.shape[0], 10)

_r = target_onehot.scatter_(1, target.unsqueeze(1), 1.0)
if _r is not None:
    print(repr(_r))

target_unsqueezed = target.unsqueeze(1)
_r = target_unsqueezed
if _r is not None:
    print(repr(_r))

data_mean = torch.mean(data, dim=0)
_r = data_mean
if _r is not None:
    print(repr(_r))

data_var = torch.var(data, dim=0)
_r = data_var
if _r is not None:
    print(repr(_r))

data_normalized = (data - data_mean) / torch.sqrt(data_var)
_r = data_normalized
if _r is not None:
    print(repr(_r))

bad_indexes = target <= 3  # <1>
_r = (bad_indexes.shape, bad_indexes.dtype, bad_indexes.sum())
if _r is not None:
    print(repr(_r))

bad_data = data[bad_indexes]
_r = bad_data.shape
if _r is not None:
    print(repr(_r))

bad_data = data[target <= 3]
mid_data = data[(target > 3) & (target < 7)]  # <1>
good_data = data[target >= 7]

bad_mean = torch.mean(bad_data, dim=0)
mid_mean = torch.mean(mid_data, dim=0)
good_mean = torch.mean(good_data, dim=0)

for i, args in enumerate(zip(col_list, bad_mean, mid_mean, good_mean)):
    print("{:2} {:20} {:6.2f} {:6.2f} {:6.2f}".format(i, *args))

total_sulfur_threshold = 141.83
total_sulfur_data = data[:, 6]
predicted_indexes = torch.lt(total_sulfur_data, total_sulfur_threshold)

_r = (predicted_indexes.shape, predicted_indexes.dtype, predicted_indexes.sum())
if _r is not None:
    print(repr(_r))

actual_indexes = target > 5

_r = (actual_indexes.shape, actual_indexes.dtype, actual_indexes.sum())
if _r is not None:
    print(repr(_r))

n_matches = torch.sum(actual_indexes & predicted_indexes).item()
n_predicted = torch.sum(predicted_indexes).item()
n_actual = torch.sum(actual_indexes).item()

_r = (n_matches, n_matches / n_predicted, n_matches / n_actual)
if _r is not None:
    print(repr(_r))
