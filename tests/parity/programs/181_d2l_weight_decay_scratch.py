# d2l.ai 3.7 weight decay from scratch: l2_penalty, lambd = 0 and 3, printing the weight norm
# (https://d2l.ai/chapter_linear-regression/weight-decay.html), with 20 training and 20 test examples
import torch

# ruff: noqa: E741, N816 - written as the source writes it

torch.manual_seed(0)
n_train, n_test, num_inputs, batch_size = 20, 20, 50, 5
true_w, true_b = torch.ones((num_inputs, 1)) * 0.01, 0.05
X = torch.normal(0, 1, (n_train + n_test, num_inputs))
y = torch.matmul(X, true_w) + true_b + torch.normal(0, 0.01, (n_train + n_test, 1))
train_X, train_y, test_X, test_y = X[:n_train], y[:n_train], X[n_train:], y[n_train:]


def init_params():
    w = torch.normal(0, 1, size=(num_inputs, 1), requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    return [w, b]


def l2_penalty(w):
    return torch.sum(w.pow(2)) / 2


def linreg(X, w, b):
    return torch.matmul(X, w) + b


def squared_loss(y_hat, y):
    return (y_hat - y.reshape(y_hat.shape)) ** 2 / 2


def train(lambd):
    w, b = init_params()
    lr = 0.003
    for epoch in range(20):
        for i in range(0, n_train, batch_size):
            Xb, yb = train_X[i : i + batch_size], train_y[i : i + batch_size]
            l = squared_loss(linreg(Xb, w, b), yb) + lambd * l2_penalty(w)
            l.sum().backward()
            with torch.no_grad():
                for p in [w, b]:
                    p -= lr * p.grad / batch_size
                    p.grad.zero_()
        if (epoch + 1) % 5 == 0:
            with torch.no_grad():
                print(
                    epoch + 1,
                    squared_loss(linreg(train_X, w, b), train_y).mean().item(),
                    squared_loss(linreg(test_X, w, b), test_y).mean().item(),
                )
    print("L2 norm of w:", torch.norm(w).item())


train(lambd=0)
train(lambd=3)
