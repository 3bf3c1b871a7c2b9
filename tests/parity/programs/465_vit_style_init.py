# A transformer-style weight init (as in timm's ViT): trunc_normal_(std=.02) for Linear weights,
# zeros for biases, ones/zeros for the norm-free head, applied with model.apply(_init_weights)
import torch
import torch.nn as nn


class MLPBlock(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(hidden, dim)
        self.drop = nn.Dropout(0.0)

    def forward(self, x):
        return x + self.drop(self.fc2(self.act(self.fc1(x))))


def _init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.trunc_normal_(m.weight, std=0.02)
        if m.bias is not None:
            nn.init.zeros_(m.bias)


torch.manual_seed(0)
model = nn.Sequential(MLPBlock(4, 8), MLPBlock(4, 8), nn.Linear(4, 2))
model.apply(_init_weights)
print(model)
print(model[0].fc1.weight)
print(model[2].weight, model[2].bias)
w = torch.cat([p.flatten() for n, p in model.named_parameters() if n.endswith("weight")])
print(w.numel(), (w.abs() <= 0.04).all().item(), round(w.std().item(), 4))
x = torch.randn(3, 4)
out = model(x)
print(out, out.grad_fn)
print(nn.init.trunc_normal_(torch.empty(2, 3), mean=0.5, std=1.0, a=0.0, b=1.0))
