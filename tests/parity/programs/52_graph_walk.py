# Walking the graph from the output through next_functions, printing each node once.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0], requires_grad=True)
y = torch.tanh((x * w).sum() + 1) ** 2
seen = []
stack = [y.grad_fn]
while stack:
    node = stack.pop()
    if node is None or any(node is s for s in seen):
        continue
    seen.append(node)
    names = [None if f is None else type(f).__name__ for f, _ in node.next_functions]
    print(type(node).__name__, names)
    stack.extend(f for f, _ in reversed(node.next_functions))
print(len(seen))
