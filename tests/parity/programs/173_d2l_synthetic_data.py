# d2l.ai 3.2 "Linear Regression Implementation from Scratch": synthetic_data, with 20 examples
# (https://d2l.ai/chapter_linear-regression/linear-regression-scratch.html)
import torch

torch.manual_seed(0)


def synthetic_data(w, b, num_examples):
    """Generate y = Xw + b + noise."""
    X = torch.normal(0, 1, (num_examples, len(w)))
    y = torch.matmul(X, w) + b
    y += torch.normal(0, 0.01, y.shape)
    return X, y.reshape((-1, 1))


true_w = torch.tensor([2, -3.4])
true_b = 4.2
features, labels = synthetic_data(true_w, true_b, 20)
print("features:", features[0], "\nlabel:", labels[0])
print(features.shape, labels.shape)
print(labels.squeeze())
