# ruff: noqa - written as the source writes it
import torch
import torch.optim as optim
from collections import OrderedDict

# "Deep Learning with PyTorch"'s thermometer chapters, in the book's style: Celsius readings against
# unknown units, a linear model and a hand-written loss, grads by autograd, a training loop updating
# params in place, normalized inputs, then optimizers, a validation split, nn.Linear and nn.Sequential
t_c = [0.5, 14.0, 15.0, 28.0, 11.0, 8.0, 3.0, -4.0, 6.0, 13.0, 21.0]
t_u = [35.7, 55.9, 58.2, 81.9, 56.3, 48.9, 33.9, 21.8, 48.4, 60.4, 68.4]
t_c = torch.tensor(t_c)
t_u = torch.tensor(t_u)


def model(t_u, w, b):
    return w * t_u + b


def loss_fn(t_p, t_c):
    squared_diffs = (t_p - t_c) ** 2
    return squared_diffs.mean()


w = torch.ones(())
b = torch.zeros(())
t_p = model(t_u, w, b)
print(t_p)
loss = loss_fn(t_p, t_c)
print(loss)

delta = 0.1
loss_rate_of_change_w = (
    loss_fn(model(t_u, w + delta, b), t_c) - loss_fn(model(t_u, w - delta, b), t_c)
) / (2.0 * delta)
learning_rate = 1e-2
w = w - learning_rate * loss_rate_of_change_w
print(w)

params = torch.tensor([1.0, 0.0], requires_grad=True)
print(params.grad is None)
loss = loss_fn(model(t_u, *params), t_c)
loss.backward()
print(params.grad)
if params.grad is not None:
    params.grad.zero_()


def training_loop(n_epochs, learning_rate, params, t_u, t_c):
    for epoch in range(1, n_epochs + 1):
        if params.grad is not None:
            params.grad.zero_()
        t_p = model(t_u, *params)
        loss = loss_fn(t_p, t_c)
        loss.backward()
        with torch.no_grad():
            params -= learning_rate * params.grad
        if epoch % 500 == 0:
            print("Epoch %d, Loss %f" % (epoch, float(loss)))
    return params


t_un = 0.1 * t_u
print(
    training_loop(
        n_epochs=5000,
        learning_rate=1e-2,
        params=torch.tensor([1.0, 0.0], requires_grad=True),
        t_u=t_un,
        t_c=t_c,
    )
)

params = torch.tensor([1.0, 0.0], requires_grad=True)
learning_rate = 1e-5
optimizer = optim.SGD([params], lr=learning_rate)
t_p = model(t_u, *params)
loss = loss_fn(t_p, t_c)
loss.backward()
optimizer.step()
print(params)

params = torch.tensor([1.0, 0.0], requires_grad=True)
learning_rate = 1e-1
optimizer = optim.Adam([params], lr=learning_rate)
for epoch in range(1, 2001):
    t_p = model(t_u, *params)
    loss = loss_fn(t_p, t_c)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if epoch % 500 == 0:
        print("Epoch %d, Loss %f" % (epoch, float(loss)))
print(params)

torch.manual_seed(0)
n_samples = t_u.shape[0]
n_val = int(0.2 * n_samples)
shuffled_indices = torch.randperm(n_samples)
train_indices = shuffled_indices[:-n_val]
val_indices = shuffled_indices[-n_val:]
print(train_indices, val_indices)
train_t_u, train_t_c = t_u[train_indices], t_c[train_indices]
val_t_u, val_t_c = t_u[val_indices], t_c[val_indices]
train_t_un, val_t_un = 0.1 * train_t_u, 0.1 * val_t_u

params = torch.tensor([1.0, 0.0], requires_grad=True)
optimizer = optim.SGD([params], lr=1e-2)
for epoch in range(1, 3001):
    train_t_p = model(train_t_un, *params)
    train_loss = loss_fn(train_t_p, train_t_c)
    with torch.no_grad():
        val_t_p = model(val_t_un, *params)
        val_loss = loss_fn(val_t_p, val_t_c)
        assert val_loss.requires_grad == False
    optimizer.zero_grad()
    train_loss.backward()
    optimizer.step()
    if epoch <= 3 or epoch % 500 == 0:
        print(
            f"Epoch {epoch}, Training loss {train_loss.item():.4f}, Validation loss {val_loss.item():.4f}"
        )

t_c = t_c.unsqueeze(1)
t_u = t_u.unsqueeze(1)
print(t_u.shape)
linear_model = torch.nn.Linear(1, 1)
print(linear_model(val_t_un.unsqueeze(1)))
print(linear_model.weight, linear_model.bias)
x = torch.ones(10, 1)
print(linear_model(x))

seq_model = torch.nn.Sequential(
    OrderedDict(
        [
            ("hidden_linear", torch.nn.Linear(1, 8)),
            ("hidden_activation", torch.nn.Tanh()),
            ("output_linear", torch.nn.Linear(8, 1)),
        ]
    )
)
print(seq_model)
print([param.shape for param in seq_model.parameters()])
for name, param in seq_model.named_parameters():
    print(name, param.shape)
optimizer = optim.SGD(seq_model.parameters(), lr=1e-3)
loss_fn2 = torch.nn.MSELoss()
t_un_train = train_t_un.unsqueeze(1)
t_c_train = train_t_c.unsqueeze(1)
for epoch in range(1, 501):
    t_p_train = seq_model(t_un_train)
    loss_train = loss_fn2(t_p_train, t_c_train)
    optimizer.zero_grad()
    loss_train.backward()
    optimizer.step()
    if epoch == 1 or epoch % 100 == 0:
        print(f"Epoch {epoch}, Training loss {loss_train.item():.4f}")
print("output", seq_model(val_t_un.unsqueeze(1)))
print("answer", val_t_c.unsqueeze(1))
print("hidden", seq_model.hidden_linear.weight.grad)
