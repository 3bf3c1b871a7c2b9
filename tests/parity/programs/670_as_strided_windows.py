# A tensor is a view over memory: sizes, strides and an offset. torch.as_strided lets you
# pick those numbers yourself, which is how sliding windows are made without copying.
import torch

signal = torch.tensor([1.0, 3.0, 2.0, 5.0, 4.0, 6.0], requires_grad=True)
print("signal:", signal, "stride:", signal.stride())

# windows of 3 that move by 1: row i starts at element i
windows = signal.as_strided((4, 3), (1, 1))
print(windows)
print(
    "sizes",
    tuple(windows.shape),
    "strides",
    windows.stride(),
    "offset",
    windows.storage_offset(),
    "contiguous?",
    windows.is_contiguous(),
)
print("same memory as signal:", windows.data_ptr() == signal.data_ptr())
print(
    "grad_fn:",
    windows.grad_fn.name(),
    windows.grad_fn._saved_size,
    windows.grad_fn._saved_stride,
    windows.grad_fn._saved_storage_offset,
)

# a moving average: every element is used by up to 3 windows, so its gradient counts them
avg = windows.mean(dim=1)
print("moving average:", avg)
avg.sum().backward()
print("d sum / d signal:", signal.grad)

# a storage offset starts the view later in memory; strides of 2 skip every other element
evens = torch.as_strided(signal.detach(), (3,), (2,))
odds = torch.as_strided(signal.detach(), (3,), (2,), 1)
print("evens", evens, "odds", odds)

# the view shares memory: writing through it writes the base (no graph here)
base = torch.zeros(6)
view = base.as_strided((2, 2), (1, 2), 1)
view.fill_(7.0)
print("base after filling the view:", base)

# as_strided_copy gives the same numbers in memory of its own
copy = torch.as_strided_copy(signal, (2, 3), (3, 1))
print(copy, copy.is_contiguous(), copy.data_ptr() == signal.data_ptr())

# as_strided_scatter writes a source into those positions of a copy of the input
target = torch.arange(8.0)
print(torch.as_strided_scatter(target, torch.full((2, 2), -1.0), (2, 2), (1, 4)))

# a layout chosen up front: empty_strided and empty_permuted only set the strides
print(
    torch.empty_strided((2, 3), (1, 2)).stride(),
    torch.empty_permuted((2, 3, 4), (2, 0, 1)).stride(),
)
print(torch.zeros(1, dtype=torch.float64).new_empty_strided((3, 2), (1, 3)).stride())

# PyTorch checks that the view stays inside the memory
try:
    signal.as_strided((4, 4), (1, 1))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    signal.as_strided((3,), (-1,))
except RuntimeError as e:
    print("RuntimeError:", e)

# the same in float64
s64 = torch.linspace(0, 1, 5, dtype=torch.float64, requires_grad=True)
w64 = s64.as_strided((3, 3), (1, 1))
(w64**2).sum().backward()
print(w64.dtype, s64.grad)
