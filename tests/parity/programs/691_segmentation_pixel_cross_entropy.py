# A tiny segmentation step as the tutorials write one: a 1x1 convolution gives each pixel
# class scores (N, C, H, W), cross entropy per pixel against a class map (N, H, W) with an
# ignored border label, class weights and the weighted mean; then a few SGD steps
import torch
import torch.nn as nn
import torch.nn.functional as F  # noqa: N812

torch.manual_seed(0)
images = torch.randn(2, 3, 4, 5)
labels = torch.randint(0, 4, (2, 4, 5))
labels[:, 0, :] = 255  # the border: not labelled

head = nn.Conv2d(3, 4, kernel_size=1)
criterion = nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0, 0.5, 1.5]), ignore_index=255)
opt = torch.optim.SGD(head.parameters(), lr=0.5)

scores = head(images)
print(scores.shape, labels.shape)
loss = criterion(scores, labels)
print(loss, loss.grad_fn, loss.grad_fn.next_functions[0][0])
loss.backward()
print(head.weight.grad.flatten())
print(head.bias.grad)

per_pixel = F.cross_entropy(scores, labels, ignore_index=255, reduction="none")
print(per_pixel.shape, per_pixel.grad_fn)
print(per_pixel[0])
print(F.nll_loss(F.log_softmax(scores, dim=1), labels, ignore_index=255, reduction="sum"))

for step in range(3):
    opt.zero_grad()
    loss = criterion(head(images), labels)
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.4f}")

pred = head(images).argmax(dim=1)
mask = labels != 255
print("pixel accuracy", (pred[mask] == labels[mask]).float().mean().item())

# softmax over the classes of each pixel, as a probability map
probs = F.softmax(head(images), dim=1)
print(probs[0, :, 1, :])
print(probs.sum(dim=1)[0])

# soft labels (a probability per class and pixel) and label smoothing
soft = F.softmax(torch.randn(2, 4, 4, 5), dim=1)
print(F.cross_entropy(head(images), soft))
print(F.cross_entropy(head(images), labels, ignore_index=255, label_smoothing=0.1))
