# Indexing and slicing as in the tensor tutorial ("First row", "First column", "Last column"), with
# grad_fn names and the grads that flow back
import torch

tensor = torch.arange(1.0, 17.0).reshape(4, 4).requires_grad_()
print(f"First row: {tensor[0]}")
print(f"First column: {tensor[:, 0]}")
print(f"Last column: {tensor[..., -1]}")
pieces = [
    tensor[1:3],
    tensor[:, 0],
    tensor[::2],
    tensor[-1],
    tensor[..., 1],
    tensor[None],
    tensor[1, 2],
    tensor[[0, 3]],
    tensor[:, [1, 1]],
    tensor[tensor > 12],
]
for p in pieces:
    print(tuple(p.shape), p.grad_fn)
loss = sum((p * (k + 1)).sum() for k, p in enumerate(pieces))
loss.backward()
print(loss)
print(tensor.grad)
