# A train/eval loop: gradients only in training, plain numbers in evaluation.
import torch

w = torch.tensor([0.0, 0.0], requires_grad=True)
data = [([1.0, 2.0], 1.0), ([2.0, -1.0], 0.0), ([-1.0, -1.0], 0.0), ([0.5, 1.5], 1.0)]
for epoch in range(3):
    total = 0.0
    for xs, t in data:
        x = torch.tensor(xs)
        p = torch.sigmoid(torch.dot(w, x))
        loss = (p - t) ** 2
        loss.backward()
        total += loss.item()
        with torch.no_grad():
            w -= 1.0 * w.grad
        w.grad.zero_()
    with torch.no_grad():
        preds = [torch.sigmoid(torch.dot(w, torch.tensor(xs))) for xs, _ in data]
        hits = sum(int((p > 0.5).item() == (t > 0.5)) for p, (_, t) in zip(preds, data))
    print(epoch, f"{total:.4f}", hits, preds[0], preds[0].requires_grad)
print(w)
