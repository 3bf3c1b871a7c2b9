# Printing 2-d tensors and long rows that wrap at 80 columns.
import torch

M = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
print(M)
print(M * 2)
print(torch.tensor([[0.5, -1.0, 2.0], [1e-5, 3.0, -4.0]]))
print(torch.ones(2, 3))
print(torch.zeros(3, 1))
print(torch.arange(12) * 1.5)
print(torch.arange(30) * 0.25)
print(torch.ones(20, requires_grad=True))
print(torch.ones(14) * 1.5)
print(
    torch.tensor(
        [
            [
                1.0,
                2.0,
                3.0,
                4.0,
                5.0,
                6.0,
                7.0,
                8.0,
                9.0,
                10.0,
                11.0,
                12.0,
                13.0,
                14.0,
                15.0,
                16.0,
                17.0,
                18.0,
                19.0,
                20.0,
            ]
        ]
    )
    * 0.5
)
