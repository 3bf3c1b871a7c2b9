# PyTorch "Introduction to PyTorch" (YouTube series), "Building Models with PyTorch"
# (https://pytorch.org/tutorials/beginner/introyt/modelsyt_tutorial.html); seeded, TinyModel 10-12-4
import torch

# ruff: noqa: UP008 - written as the source writes it

torch.manual_seed(0)


class TinyModel(torch.nn.Module):
    def __init__(self):
        super(TinyModel, self).__init__()
        self.linear1 = torch.nn.Linear(10, 12)
        self.activation = torch.nn.ReLU()
        self.linear2 = torch.nn.Linear(12, 4)
        self.softmax = torch.nn.Softmax()

    def forward(self, x):
        x = self.linear1(x)
        x = self.activation(x)
        x = self.linear2(x)
        x = self.softmax(x)
        return x


tinymodel = TinyModel()
print("The model:")
print(tinymodel)
print("\n\nJust one layer:")
print(tinymodel.linear2)
print("\n\nModel params:")
for param in tinymodel.parameters():
    print(param)
print("\n\nLayer params:")
for param in tinymodel.linear2.parameters():
    print(param)
print(tinymodel(torch.rand(2, 10)))
lin = torch.nn.Linear(3, 2)
x = torch.rand(1, 3)
print("Input:")
print(x)
print("\n\nWeight and Bias parameters:")
for param in lin.parameters():
    print(param)
y = lin(x)
print("\n\nOutput:")
print(y)


class LeNet(torch.nn.Module):
    def __init__(self):
        super(LeNet, self).__init__()
        self.conv1 = torch.nn.Conv2d(1, 6, 5)
        self.conv2 = torch.nn.Conv2d(6, 16, 3)
        self.fc1 = torch.nn.Linear(16 * 6 * 6, 120)
        self.fc2 = torch.nn.Linear(120, 84)
        self.fc3 = torch.nn.Linear(84, 10)


class LSTMTagger(torch.nn.Module):
    def __init__(self, embedding_dim, hidden_dim, vocab_size, tagset_size):
        super(LSTMTagger, self).__init__()
        self.hidden_dim = hidden_dim
        self.word_embeddings = torch.nn.Embedding(vocab_size, embedding_dim)
        self.lstm = torch.nn.LSTM(embedding_dim, hidden_dim)
        self.hidden2tag = torch.nn.Linear(hidden_dim, tagset_size)


print(LeNet())
print(LSTMTagger(6, 6, 9, 3))
my_tensor = torch.rand(1, 6, 6)
print(my_tensor)
maxpool_layer = torch.nn.MaxPool2d(3)
print(maxpool_layer(my_tensor))
my_tensor = torch.rand(1, 4, 4) * 20 + 5
print(my_tensor)
print(my_tensor.mean())
norm_layer = torch.nn.BatchNorm1d(4)
normed_tensor = norm_layer(my_tensor)
print(normed_tensor)
print(normed_tensor.mean())
my_tensor = torch.rand(1, 4, 4)
dropout = torch.nn.Dropout(p=0.4)
print(dropout(my_tensor))
print(dropout(my_tensor))
