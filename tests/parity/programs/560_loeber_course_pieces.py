# ruff: noqa - written as the source writes it
import torch
import torch.nn as nn
import torch.nn.functional as F  # noqa: N812

# A beginner video course's pieces, in its style: gradient descent by hand then with autograd on
# f = w * x, a training pipeline with nn.Linear, softmax and cross-entropy by hand and with nn,
# the activation functions as modules and as functions, and the multivariate regression of a
# Korean introductory course (FloatTensor data, SGD on W and b, a formatted log line per epoch)
X = torch.tensor([1, 2, 3, 4], dtype=torch.float32)
Y = torch.tensor([2, 4, 6, 8], dtype=torch.float32)
w = torch.tensor(0.0, dtype=torch.float32, requires_grad=True)


def forward(x):
    return w * x


def loss(y, y_pred):
    return ((y_pred - y) ** 2).mean()


print(f"Prediction before training: f(5) = {forward(5).item():.3f}")
learning_rate = 0.01
n_iters = 100
for epoch in range(n_iters):
    y_pred = forward(X)
    l = loss(Y, y_pred)
    l.backward()
    with torch.no_grad():
        w -= learning_rate * w.grad
    w.grad.zero_()
    if epoch % 10 == 0:
        print(f"epoch {epoch + 1}: w = {w.item():.3f}, loss = {l.item():.8f}")
print(f"Prediction after training: f(5) = {forward(5).item():.3f}")

X = torch.tensor([[1], [2], [3], [4]], dtype=torch.float32)
Y = torch.tensor([[2], [4], [6], [8]], dtype=torch.float32)
X_test = torch.tensor([5], dtype=torch.float32)
n_samples, n_features = X.shape
print(f"#samples: {n_samples}, #features: {n_features}")
torch.manual_seed(1)
model = nn.Linear(n_features, n_features)
print(f"Prediction before training: f(5) = {model(X_test).item():.3f}")
criterion = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for epoch in range(100):
    y_predicted = model(X)
    l = criterion(Y, y_predicted)
    l.backward()
    optimizer.step()
    optimizer.zero_grad()
    if epoch % 10 == 0:
        [w, b] = model.parameters()
        print("epoch ", epoch + 1, ": w = ", w[0][0].item(), " loss = ", l)
print(f"Prediction after training: f(5) = {model(X_test).item():.3f}")

x = torch.tensor([2.0, 1.0, 0.1])
outputs = torch.softmax(x, dim=0)
print("softmax torch:", outputs)
loss = nn.CrossEntropyLoss()
Y = torch.tensor([2, 0, 1])
Y_pred_good = torch.tensor([[0.1, 1.0, 2.1], [2.0, 1.0, 0.1], [0.1, 3.0, 0.1]])
Y_pred_bad = torch.tensor([[2.1, 1.0, 0.1], [0.1, 1.0, 2.1], [0.1, 3.0, 0.1]])
l1 = loss(Y_pred_good, Y)
l2 = loss(Y_pred_bad, Y)
print(f"Batch Loss1:  {l1.item():.4f}")
print(f"Batch Loss2: {l2.item():.4f}")
_, predictions1 = torch.max(Y_pred_good, 1)
_, predictions2 = torch.max(Y_pred_bad, 1)
print(f"Actual class: {Y}, Y_pred1: {predictions1}, Y_pred2: {predictions2}")

x = torch.tensor([-1.0, 1.0, 2.0, 3.0])
print(torch.softmax(x, dim=0), nn.Softmax(dim=0)(x))
print(torch.sigmoid(x), nn.Sigmoid()(x), torch.tanh(x), nn.Tanh()(x))
print(torch.relu(x), nn.ReLU()(x), F.leaky_relu(x, negative_slope=0.1), nn.LeakyReLU(0.1)(x))


class NeuralNet(nn.Module):
    def __init__(self, input_size, hidden_size):
        super(NeuralNet, self).__init__()
        self.linear1 = nn.Linear(input_size, hidden_size)
        self.linear2 = nn.Linear(hidden_size, 1)

    def forward(self, x):
        out = torch.relu(self.linear1(x))
        out = torch.sigmoid(self.linear2(out))
        return out


torch.manual_seed(0)
net = NeuralNet(input_size=4, hidden_size=3)
print(net, net(x))

torch.manual_seed(1)
x_train = torch.FloatTensor([[73, 80, 75], [93, 88, 93], [89, 91, 90], [96, 98, 100], [73, 66, 70]])
y_train = torch.FloatTensor([[152], [185], [180], [196], [142]])
W = torch.zeros((3, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
optimizer = torch.optim.SGD([W, b], lr=1e-5)
nb_epochs = 20
for epoch in range(nb_epochs + 1):
    hypothesis = x_train.matmul(W) + b
    cost = torch.mean((hypothesis - y_train) ** 2)
    optimizer.zero_grad()
    cost.backward()
    optimizer.step()
    print(
        "Epoch {:4d}/{} hypothesis: {} Cost: {:.6f}".format(
            epoch, nb_epochs, hypothesis.squeeze().detach(), cost.item()
        )
    )
