# PyTorch's torch.optim.Muon documentation example, made runnable: Muon for the 2-d weights,
# AdamW for the biases, on a small regression.
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, 1))
loss_fn = nn.MSELoss()
input = torch.randn(64, 8)
target = input[:, :1] * 2 - input[:, 1:2]

# Muon only supports 2D params; use a standard optimizer
# such as AdamW for biases, embeddings, and other non-2D
# parameters.
muon_params = [p for p in model.parameters() if p.ndim == 2]
other_params = [p for p in model.parameters() if p.ndim != 2]
optim_muon = torch.optim.Muon(muon_params, lr=0.02, momentum=0.95)
optim_adamw = torch.optim.AdamW(other_params, lr=3e-4, weight_decay=0.01)
print(optim_muon)

for step in range(30):
    optim_muon.zero_grad()
    optim_adamw.zero_grad()
    loss = loss_fn(model(input), target)
    loss.backward()
    optim_muon.step()
    optim_adamw.step()
    if step % 5 == 0:
        print(f"step {step:2d} loss {loss.item():.6f}")

print(model[0].weight[:2])
print(optim_muon.state_dict()["state"][0]["momentum_buffer"][:2, :4])
print(optim_muon.param_groups[0]["ns_coefficients"], optim_muon.param_groups[0]["adjust_lr_fn"])
