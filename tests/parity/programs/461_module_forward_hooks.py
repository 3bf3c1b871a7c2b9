# Inspecting activations with forward hooks, as in the "Forward and Backward Function Hooks" part of
# the nn.Module notes: register_forward_hook, a pre-hook that rescales, handle.remove() (https://pytorch.org/docs/stable/notes/modules.html#module-hooks)
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2), nn.Tanh())
activations = {}


def save_output(name):
    def hook(module, inputs, output):
        activations[name] = output.detach()

    return hook


handles = [m.register_forward_hook(save_output(n)) for n, m in model.named_children()]
x = torch.randn(2, 3)
out = model(x)
for name, act in activations.items():
    print(name, tuple(act.shape), act.requires_grad, (act > 0).sum().item())
print(torch.equal(activations["3"], out.detach()))


def double_input(module, args):
    return (args[0] * 2,)


pre = model[0].register_forward_pre_hook(double_input)
print(model(x))
pre.remove()
for h in handles:
    h.remove()
activations.clear()
print(torch.equal(model(x), out), activations)
print(model.get_submodule("2"), model.get_parameter("2.bias").shape)
print(sum(p.numel() for p in model.parameters()), [n for n, _ in model.named_modules()])
