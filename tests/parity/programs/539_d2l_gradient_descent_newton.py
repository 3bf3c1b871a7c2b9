# d2l.ai 12.3 "Gradient Descent", 12.4 "Stochastic Gradient Descent", 12.6 "Momentum" (chapter_optimization, the pytorch tab):
# gd with python floats and with a float32 tensor constant, train_2d, Newton's method, sgd with torch.normal noise; traces printed
import torch
import math

# ruff: noqa: I001, B007, F811 - written as the source writes it

torch.manual_seed(0)


def f(x):
    return x**2


def f_grad(x):
    return 2 * x


def gd(eta, f_grad):
    x = 10.0
    results = [x]
    for i in range(10):
        x -= eta * f_grad(x)
        results.append(float(x))
    print(f"epoch 10, x: {x:f}")
    return results


print(gd(0.2, f_grad))
print(gd(0.05, f_grad)[-1])
print(gd(1.1, f_grad)[-1])
c = torch.tensor(0.15 * math.pi)


def f(x):
    return x * torch.cos(c * x)


def f_grad(x):
    return torch.cos(c * x) - c * x * torch.sin(c * x)


print(gd(2, f_grad))


def train_2d(trainer, steps=20, f_grad=None):
    x1, x2, s1, s2 = -5, -2, 0, 0
    results = [(x1, x2)]
    for i in range(steps):
        if f_grad:
            x1, x2, s1, s2 = trainer(x1, x2, s1, s2, f_grad)
        else:
            x1, x2, s1, s2 = trainer(x1, x2, s1, s2)
        results.append((x1, x2))
    print(f"epoch {i + 1}, x1: {float(x1):f}, x2: {float(x2):f}")
    return results


def f_2d(x1, x2):
    return x1**2 + 2 * x2**2


def f_2d_grad(x1, x2):
    return (2 * x1, 4 * x2)


def gd_2d(x1, x2, s1, s2, f_grad):
    g1, g2 = f_grad(x1, x2)
    return (x1 - eta * g1, x2 - eta * g2, 0, 0)


eta = 0.1
print(train_2d(gd_2d, f_grad=f_2d_grad)[-3:])
c = torch.tensor(0.5)


def f(x):
    return torch.cosh(c * x)


def f_grad(x):
    return c * torch.sinh(c * x)


def f_hess(x):
    return c**2 * torch.cosh(c * x)


def newton(eta=1):
    x = 10.0
    results = [x]
    for i in range(10):
        x -= eta * f_grad(x) / f_hess(x)
        results.append(float(x))
    print("epoch 10, x:", x)
    return results


print(newton())
c = torch.tensor(0.15 * math.pi)


def f(x):
    return x * torch.cos(c * x)


def f_grad(x):
    return torch.cos(c * x) - c * x * torch.sin(c * x)


def f_hess(x):
    return -2 * c * torch.sin(c * x) - x * c**2 * torch.cos(c * x)


print(newton())
print(newton(0.5))


def f(x1, x2):
    return x1**2 + 2 * x2**2


def f_grad(x1, x2):
    return 2 * x1, 4 * x2


def sgd(x1, x2, s1, s2, f_grad):
    g1, g2 = f_grad(x1, x2)
    g1 += torch.normal(0.0, 1, (1,)).item()
    g2 += torch.normal(0.0, 1, (1,)).item()
    eta_t = eta * lr()
    return (x1 - eta_t * g1, x2 - eta_t * g2, 0, 0)


def constant_lr():
    return 1


eta = 0.1
lr = constant_lr
print(train_2d(sgd, steps=50, f_grad=f_grad)[-1])


def exponential_lr():
    global t
    t += 1
    return math.exp(-0.1 * t)


t = 1
lr = exponential_lr
print(train_2d(sgd, steps=100, f_grad=f_grad)[-1])


def polynomial_lr():
    global t
    t += 1
    return (1 + 0.1 * t) ** (-0.5)


t = 1
lr = polynomial_lr
print(train_2d(sgd, steps=50, f_grad=f_grad)[-1])
eta = 0.4


def f_2d(x1, x2):
    return 0.1 * x1**2 + 2 * x2**2


def gd_2d(x1, x2, s1, s2):
    return (x1 - eta * 0.2 * x1, x2 - eta * 4 * x2, 0, 0)


print(train_2d(gd_2d)[-1])


def momentum_2d(x1, x2, v1, v2):
    v1 = beta * v1 + 0.2 * x1
    v2 = beta * v2 + 4 * x2
    return x1 - eta * v1, x2 - eta * v2, v1, v2


eta, beta = 0.6, 0.5
print(train_2d(momentum_2d)[-1])
