# softmax probabilities sum to one, up to float32 rounding (d2l.ai 4.4 softmax regression from
# scratch, https://d2l.ai/chapter_linear-classification/softmax-regression-scratch.html)
import torch


def softmax(X):
    X_exp = torch.exp(X)
    partition = X_exp.sum(1, keepdim=True)
    return X_exp / partition


X = torch.tensor(
    [[0.1, 0.2, 0.3, 0.4, 0.5], [1.0, -2.0, 3.0, -4.0, 5.0], [10.0, 10.0, 10.0, 10.0, 10.1]]
)
P = softmax(X)
print(P)
print(P.sum(1))
print(P.sum(1).tolist())
Q = torch.softmax(X, dim=1)
print(Q.sum(1).tolist(), (P - Q).abs().max().item())
for row in Q:
    print(row.tolist())
v = torch.arange(7, dtype=torch.float32) / 3
print(torch.softmax(v, 0).tolist(), torch.softmax(v, 0).sum().item())
print(torch.log_softmax(v, 0).tolist())
