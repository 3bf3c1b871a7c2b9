# ruff: noqa - written as the source writes it
# Deep Learning with PyTorch, p1ch4/4_time_series_bikes.ipynb: hourly rows viewed as days (a seeded
# stand-in for the CSV file), strides, one-hot weather by scatter_, rescaled columns
import torch

_r = torch.set_printoptions(edgeitems=2, threshold=50, linewidth=75)
if _r is not None:
    print(repr(_r))

# a small seeded stand-in for the book's CSV file: 5 days of 24 hourly rows of 17 columns,
# column 9 the weather (1 to 4)
g = torch.Generator().manual_seed(0)
bikes_numpy = torch.rand(120, 17, generator=g) * 10
bikes_numpy[:, 9] = torch.randint(1, 5, (120,), generator=g).float()
bikes = bikes_numpy
_r = bikes
if _r is not None:
    print(repr(_r))


_r = (bikes.shape, bikes.stride())
if _r is not None:
    print(repr(_r))

daily_bikes = bikes.view(-1, 24, bikes.shape[1])
_r = (daily_bikes.shape, daily_bikes.stride())
if _r is not None:
    print(repr(_r))

daily_bikes = daily_bikes.transpose(1, 2)
_r = (daily_bikes.shape, daily_bikes.stride())
if _r is not None:
    print(repr(_r))

first_day = bikes[:24].long()
weather_onehot = torch.zeros(first_day.shape[0], 4)
_r = first_day[:, 9]
if _r is not None:
    print(repr(_r))


_r = weather_onehot.scatter_(
    dim=1,
    index=first_day[:, 9].unsqueeze(1).long() - 1,  # <1>
    value=1.0,
)
if _r is not None:
    print(repr(_r))


_r = torch.cat((bikes[:24], weather_onehot), 1)[:1]
if _r is not None:
    print(repr(_r))

daily_weather_onehot = torch.zeros(daily_bikes.shape[0], 4, daily_bikes.shape[2])
_r = daily_weather_onehot.shape
if _r is not None:
    print(repr(_r))

daily_weather_onehot.scatter_(1, daily_bikes[:, 9, :].long().unsqueeze(1) - 1, 1.0)
_r = daily_weather_onehot.shape
if _r is not None:
    print(repr(_r))

daily_bikes = torch.cat((daily_bikes, daily_weather_onehot), dim=1)

daily_bikes[:, 9, :] = (daily_bikes[:, 9, :] - 1.0) / 3.0

temp = daily_bikes[:, 10, :]
temp_min = torch.min(temp)
temp_max = torch.max(temp)
daily_bikes[:, 10, :] = (daily_bikes[:, 10, :] - temp_min) / (temp_max - temp_min)

temp = daily_bikes[:, 10, :]
daily_bikes[:, 10, :] = (daily_bikes[:, 10, :] - torch.mean(temp)) / torch.std(temp)

print(daily_bikes[0, 9:12], daily_bikes.shape)
