# UvA Deep Learning course, Tutorial 2 "Introduction to PyTorch", continuous XOR: SimpleClassifier, XORDataset,
# DataLoader, BCEWithLogitsLoss, train_model, state_dict save/load, eval_model (tutorial2/Introduction_to_PyTorch.ipynb)
import torch
import os
import tempfile
import torch.nn as nn
import torch.utils.data as data

# ruff: noqa: I001 - written as the source writes it

torch.manual_seed(42)
device = torch.device("cuda") if torch.cuda.is_available() else torch.device("cpu")


class SimpleClassifier(nn.Module):
    def __init__(self, num_inputs, num_hidden, num_outputs):
        super().__init__()
        self.linear1 = nn.Linear(num_inputs, num_hidden)
        self.act_fn = nn.Tanh()
        self.linear2 = nn.Linear(num_hidden, num_outputs)

    def forward(self, x):
        x = self.linear1(x)
        x = self.act_fn(x)
        x = self.linear2(x)
        return x


model = SimpleClassifier(num_inputs=2, num_hidden=4, num_outputs=1)
print(model)
for name, param in model.named_parameters():
    print(f"Parameter {name}, shape {param.shape}")


class XORDataset(data.Dataset):
    def __init__(self, size, std=0.1):
        super().__init__()
        self.size = size
        self.std = std
        self.generate_continuous_xor()

    def generate_continuous_xor(self):
        data = torch.randint(low=0, high=2, size=(self.size, 2), dtype=torch.float32)
        label = (data.sum(dim=1) == 1).to(torch.long)
        data += self.std * torch.randn(data.shape)
        self.data = data
        self.label = label

    def __len__(self):
        return self.size

    def __getitem__(self, idx):
        data_point = self.data[idx]
        data_label = self.label[idx]
        return data_point, data_label


dataset = XORDataset(size=200)
print("Size of dataset:", len(dataset))
print("Data point 0:", dataset[0])
data_loader = data.DataLoader(dataset, batch_size=8, shuffle=True)
data_inputs, data_labels = next(iter(data_loader))
print("Data inputs", data_inputs.shape, "\n", data_inputs)
print("Data labels", data_labels.shape, "\n", data_labels)
loss_module = nn.BCEWithLogitsLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train_dataset = XORDataset(size=64)
train_data_loader = data.DataLoader(train_dataset, batch_size=16, shuffle=True)
print(model.to(device))


def train_model(model, optimizer, data_loader, loss_module, num_epochs=100):
    model.train()
    for epoch in range(num_epochs):
        for data_inputs, data_labels in data_loader:
            data_inputs = data_inputs.to(device)
            data_labels = data_labels.to(device)
            preds = model(data_inputs)
            preds = preds.squeeze(dim=1)
            loss = loss_module(preds, data_labels.float())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        if epoch % 5 == 0:
            print(epoch, loss.item())


train_model(model, optimizer, train_data_loader, loss_module, num_epochs=20)
state_dict = model.state_dict()
print(state_dict)
path = os.path.join(tempfile.mkdtemp(), "our_model.tar")
torch.save(state_dict, path)
state_dict = torch.load(path)
new_model = SimpleClassifier(num_inputs=2, num_hidden=4, num_outputs=1)
new_model.load_state_dict(state_dict)
print("Original model\n", model.state_dict())
print("\nLoaded model\n", new_model.state_dict())
test_dataset = XORDataset(size=64)
test_data_loader = data.DataLoader(test_dataset, batch_size=128, shuffle=False, drop_last=False)


def eval_model(model, data_loader):
    model.eval()
    true_preds, num_preds = 0.0, 0.0
    with torch.no_grad():
        for data_inputs, data_labels in data_loader:
            data_inputs, data_labels = data_inputs.to(device), data_labels.to(device)
            preds = model(data_inputs)
            preds = preds.squeeze(dim=1)
            preds = torch.sigmoid(preds)
            pred_labels = (preds >= 0.5).long()
            true_preds += (pred_labels == data_labels).sum()
            num_preds += data_labels.shape[0]
    acc = true_preds / num_preds
    print(f"Accuracy of the model: {100.0 * acc:4.2f}%")


eval_model(model, test_data_loader)


@torch.no_grad()
def visualize_classification(model, data, label):
    model.to(device)
    c0 = torch.Tensor((0.12, 0.47, 0.71, 1.0)).to(device)
    c1 = torch.Tensor((1.0, 0.5, 0.05, 1.0)).to(device)
    x1 = torch.arange(-0.5, 1.5, step=0.5, device=device)
    x2 = torch.arange(-0.5, 1.5, step=0.5, device=device)
    xx1, xx2 = torch.meshgrid(x1, x2, indexing="ij")
    model_inputs = torch.stack([xx1, xx2], dim=-1)
    preds = model(model_inputs)
    preds = torch.sigmoid(preds)
    output_image = (1 - preds) * c0[None, None] + preds * c1[None, None]
    return output_image


output_image = visualize_classification(model, dataset.data, dataset.label)
print(output_image.shape, output_image[0, 0])
