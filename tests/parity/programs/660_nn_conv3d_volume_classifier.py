import torch
from torch import nn

# A small 3-d CNN as a volumetric-data tutorial writes it (clips of frames, or a scan's slices):
# Conv3d -> ReLU -> MaxPool3d -> Conv3d -> AdaptiveAvgPool3d -> Linear, trained a few SGD steps
# on seeded random volumes whose class is where their bright blob is.
torch.manual_seed(0)


class Tiny3dNet(nn.Module):
    def __init__(self, classes=2):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv3d(1, 3, kernel_size=3, padding=1),
            nn.ReLU(),
            nn.MaxPool3d(2),
            nn.Conv3d(3, 4, kernel_size=(1, 3, 3), padding="same", bias=False),
            nn.ReLU(),
            nn.AdaptiveAvgPool3d(1),
        )
        self.head = nn.Linear(4, classes)

    def forward(self, x):
        return self.head(torch.flatten(self.features(x), 1))


x = torch.randn(4, 1, 2, 4, 4) * 0.5
y = torch.tensor([0, 1, 0, 1])
x[y == 1, :, :, 2:, 2:] += 2.0  # class 1: bright in the far corner
model = Tiny3dNet()
print(model)
print(sum(p.numel() for p in model.parameters()), "parameters")
print([tuple(p.shape) for p in model.parameters()])
opt = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
loss_fn = nn.CrossEntropyLoss()
for step in range(8):
    opt.zero_grad()
    out = model(x)
    loss = loss_fn(out, y)
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.4f}")
print(out.grad_fn, model.features[0].weight.grad.shape)
print(f"first conv grad norm {model.features[0].weight.grad.norm().item():.5f}")
with torch.no_grad():
    print(model(x).argmax(1), y)
print(model.features[:3](x).shape, model.features(x).shape)
