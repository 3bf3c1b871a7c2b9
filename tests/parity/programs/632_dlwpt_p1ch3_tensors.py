# ruff: noqa - written as the source writes it
# Deep Learning with PyTorch, chapter 3 (p1ch3/1_tensors.ipynb), each cell in order and its last
# expression printed as the notebook shows it: indexing, storage() and writes into it, strides,
# transpose, contiguous, dtypes (the numpy, h5py, file and CUDA cells left out)
import torch  # the notebook imports it at <1>, below

a = [1.0, 2.0, 1.0]


_r = a[0]
if _r is not None:
    print(repr(_r))

a[2] = 3.0
_r = a
if _r is not None:
    print(repr(_r))


a = torch.ones(3)  # <2>
_r = a
if _r is not None:
    print(repr(_r))


_r = a[1]
if _r is not None:
    print(repr(_r))


_r = float(a[1])
if _r is not None:
    print(repr(_r))

a[2] = 2.0
_r = a
if _r is not None:
    print(repr(_r))

points = torch.zeros(6)  # <1>
points[0] = 4.0  # <2>
points[1] = 1.0
points[2] = 5.0
points[3] = 3.0
points[4] = 2.0
points[5] = 1.0

points = torch.tensor([4.0, 1.0, 5.0, 3.0, 2.0, 1.0])
_r = points
if _r is not None:
    print(repr(_r))


_r = (float(points[0]), float(points[1]))
if _r is not None:
    print(repr(_r))

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
_r = points
if _r is not None:
    print(repr(_r))


_r = points.shape
if _r is not None:
    print(repr(_r))

points = torch.zeros(3, 2)
_r = points
if _r is not None:
    print(repr(_r))

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
_r = points
if _r is not None:
    print(repr(_r))


_r = points[0, 1]
if _r is not None:
    print(repr(_r))


_r = points[0]
if _r is not None:
    print(repr(_r))

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
_r = points.storage()
if _r is not None:
    print(repr(_r))

points_storage = points.storage()
_r = points_storage[0]
if _r is not None:
    print(repr(_r))


_r = points.storage()[1]
if _r is not None:
    print(repr(_r))

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
points_storage = points.storage()
points_storage[0] = 2.0
_r = points
if _r is not None:
    print(repr(_r))

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
second_point = points[1]
_r = second_point.storage_offset()
if _r is not None:
    print(repr(_r))


_r = second_point.size()
if _r is not None:
    print(repr(_r))


_r = second_point.shape
if _r is not None:
    print(repr(_r))


_r = points.stride()
if _r is not None:
    print(repr(_r))

second_point = points[1]
_r = second_point.size()
if _r is not None:
    print(repr(_r))


_r = second_point.storage_offset()
if _r is not None:
    print(repr(_r))


_r = second_point.stride()
if _r is not None:
    print(repr(_r))

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
second_point = points[1]
second_point[0] = 10.0
_r = points
if _r is not None:
    print(repr(_r))

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
second_point = points[1].clone()
second_point[0] = 10.0
_r = points
if _r is not None:
    print(repr(_r))

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
_r = points
if _r is not None:
    print(repr(_r))

points_t = points.t()
_r = points_t
if _r is not None:
    print(repr(_r))


_r = id(points.storage()) == id(points_t.storage())
if _r is not None:
    print(repr(_r))


_r = points.stride()
if _r is not None:
    print(repr(_r))


_r = points_t.stride()
if _r is not None:
    print(repr(_r))

some_t = torch.ones(3, 4, 5)
transpose_t = some_t.transpose(0, 2)
_r = some_t.shape
if _r is not None:
    print(repr(_r))


_r = transpose_t.shape
if _r is not None:
    print(repr(_r))


_r = some_t.stride()
if _r is not None:
    print(repr(_r))


_r = transpose_t.stride()
if _r is not None:
    print(repr(_r))


_r = points.is_contiguous()
if _r is not None:
    print(repr(_r))


_r = points_t.is_contiguous()
if _r is not None:
    print(repr(_r))

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
points_t = points.t()
_r = points_t
if _r is not None:
    print(repr(_r))


_r = points_t.storage()
if _r is not None:
    print(repr(_r))


_r = points_t.stride()
if _r is not None:
    print(repr(_r))

points_t_cont = points_t.contiguous()
_r = points_t_cont
if _r is not None:
    print(repr(_r))


_r = points_t_cont.stride()
if _r is not None:
    print(repr(_r))


_r = points_t_cont.storage()
if _r is not None:
    print(repr(_r))

double_points = torch.ones(10, 2, dtype=torch.double)
short_points = torch.tensor([[1, 2], [3, 4]], dtype=torch.short)


_r = short_points.dtype
if _r is not None:
    print(repr(_r))

double_points = torch.zeros(10, 2).double()
short_points = torch.ones(10, 2).short()

double_points = torch.zeros(10, 2).to(torch.double)
short_points = torch.ones(10, 2).to(dtype=torch.short)

points_64 = torch.rand(5, dtype=torch.double)  # <1>
points_short = points_64.to(torch.short)
_r = points_64 * points_short
if _r is not None:
    print(repr(_r))

# reset points back to original value
points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])

some_list = list(range(6))
some_list[:]  # <1>
some_list[1:4]  # <2>
some_list[1:]  # <3>
some_list[:4]  # <4>
some_list[:-1]  # <5>
_r = some_list[1:4:2]
if _r is not None:
    print(repr(_r))

points[1:]  # <1>
points[1:, :]  # <2>
points[1:, 0]  # <3>
_r = points[None]
if _r is not None:
    print(repr(_r))


a = torch.ones(3, 2)
a_t = torch.transpose(a, 0, 1)

_r = (a.shape, a_t.shape)
if _r is not None:
    print(repr(_r))

a = torch.ones(3, 2)
a_t = a.transpose(0, 1)

_r = (a.shape, a_t.shape)
if _r is not None:
    print(repr(_r))

a = torch.ones(3, 2)

a.zero_()
_r = a
if _r is not None:
    print(repr(_r))
