# Data types in practice: half precision, bfloat16, bytes and small integers, as in the PyTorch
# docs' tensor attributes page and the mixed-precision notes (https://pytorch.org/docs/stable/tensor_attributes.html)
import torch

x = torch.tensor([0.1, 1.5, -2.25, 1000.7, 70000.0])
print(x.half(), x.bfloat16(), x.to(torch.float16).tolist())
print(x.half().dtype, x.half().element_size(), x.bfloat16().type(), x.double().element_size())
pixels = torch.tensor([0, 100, 200, 255], dtype=torch.uint8)
print(pixels, pixels + 100, pixels.float() / 255, pixels.type())
print(torch.tensor([127], dtype=torch.int8) + 1, torch.tensor([-3.7, 300.5]).to(torch.int8))
ids = torch.tensor([3, 1, 2], dtype=torch.int32)
print(ids * 2, (ids * 2).dtype, ids + torch.tensor([1, 1, 1]), (ids + 0.5).dtype)
print(
    torch.promote_types(torch.uint8, torch.int8), torch.promote_types(torch.float16, torch.bfloat16)
)
print(torch.result_type(ids, 2), torch.result_type(ids, 2.0), torch.result_type(pixels, ids))
h = torch.tensor([1.0, 2.0], dtype=torch.float16)
print(h + torch.tensor([0.5, 0.25]), h * 3, (h + 0.001).tolist())
print(
    torch.zeros(2, dtype=torch.int16),
    torch.ones(2, dtype=torch.bfloat16),
    torch.arange(3, dtype=torch.uint8),
)
print(
    torch.tensor([True, False, True]).sum(),
    torch.tensor([True, True]) + torch.tensor([True, False]),
)
