# CleanRL's DQN update (https://github.com/vwxyzjn/cleanrl/blob/master/cleanrl/dqn.py) on a made-up batch:
# Q-values picked with gather, the TD target under no_grad, MSE loss, Adam, soft update via .data.copy_
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

# ruff: noqa: N812 - written as the source writes it


class QNetwork(nn.Module):
    def __init__(self, obs_dim, n_actions):
        super().__init__()
        self.network = nn.Sequential(
            nn.Linear(obs_dim, 8),
            nn.ReLU(),
            nn.Linear(8, n_actions),
        )

    def forward(self, x):
        return self.network(x)


torch.manual_seed(1)
obs_dim, n_actions, batch, gamma, tau = 4, 3, 5, 0.99, 0.5
q_network = QNetwork(obs_dim, n_actions)
optimizer = optim.Adam(q_network.parameters(), lr=0.01)
target_network = QNetwork(obs_dim, n_actions)
target_network.load_state_dict(q_network.state_dict())

observations = torch.randn(batch, obs_dim)
next_observations = torch.randn(batch, obs_dim)
actions = torch.randint(0, n_actions, (batch, 1))
rewards = torch.randn(batch, 1)
dones = (torch.rand(batch, 1) < 0.3).float()
print(actions.flatten(), dones.flatten())

for step in range(3):
    with torch.no_grad():
        target_max, _ = target_network(next_observations).max(dim=1)
        td_target = rewards.flatten() + gamma * target_max * (1 - dones.flatten())
    q_values = q_network(observations)
    old_val = q_values.gather(1, actions).squeeze()
    loss = F.mse_loss(td_target, old_val)
    print(step, f"{loss.item():.5f}", old_val, old_val.grad_fn)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    # update target network
    for target_network_param, q_network_param in zip(
        target_network.parameters(), q_network.parameters()
    ):
        target_network_param.data.copy_(
            tau * q_network_param.data + (1.0 - tau) * target_network_param.data
        )

print(q_network.network[2].bias, target_network.network[2].bias)
greedy = q_network(observations).argmax(dim=1)
print(greedy, greedy.dtype, (greedy == actions.squeeze(1)).float().mean())
