# PyTorch "Learn the Basics: Datasets & DataLoaders": a custom Dataset with __len__/__getitem__, a transform and a target_transform, iterated by a shuffling DataLoader
# (https://pytorch.org/tutorials/beginner/basics/data_tutorial.html)
import torch
from torch.utils.data import DataLoader, Dataset


class CustomImageDataset(Dataset):
    def __init__(self, n, transform=None, target_transform=None):
        g = torch.Generator().manual_seed(3)
        self.images = torch.rand(n, 2, 2, generator=g)
        self.img_labels = torch.randint(0, 3, (n,), generator=g).tolist()
        self.transform = transform
        self.target_transform = target_transform

    def __len__(self):
        return len(self.img_labels)

    def __getitem__(self, idx):
        image = self.images[idx]
        label = self.img_labels[idx]
        if self.transform:
            image = self.transform(image)
        if self.target_transform:
            label = self.target_transform(label)
        return image, label


ds = CustomImageDataset(
    10,
    transform=lambda im: im * 2 - 1,
    target_transform=lambda y: torch.zeros(3, dtype=torch.float).scatter_(
        0, torch.tensor(y), value=1
    ),
)
print(len(ds), ds[0])
torch.manual_seed(0)
train_dataloader = DataLoader(ds, batch_size=4, shuffle=True)
train_features, train_labels = next(iter(train_dataloader))
print(f"Feature batch shape: {train_features.size()}")
print(f"Labels batch shape: {train_labels.size()}")
img = train_features[0].squeeze()
label = train_labels[0]
print(img, label)
for xb, yb in train_dataloader:
    print(xb.shape, yb.argmax(1))
