# ruff: noqa - written as the source writes it
# Python Engineer's PyTorch course, 17_save_load.py: the state dict saved and loaded, a checkpoint with
# the optimizer's state (a seed added; the file in a temporary folder; the whole-model save left out:
# PyTorch 2.13's torch.load refuses it)
import os, tempfile
import torch
import torch.nn as nn

torch.manual_seed(0)


class Model(nn.Module):
    def __init__(self, n_input_features):
        super(Model, self).__init__()
        self.linear = nn.Linear(n_input_features, 1)

    def forward(self, x):
        y_pred = torch.sigmoid(self.linear(x))
        return y_pred


model = Model(n_input_features=6)
# train your model...

####################save all ######################################
for param in model.parameters():
    print(param)

############save only state dict #########################

# save only state dict
FILE = os.path.join(tempfile.mkdtemp(), "model.pth")
torch.save(model.state_dict(), FILE)

print(model.state_dict())
loaded_model = Model(n_input_features=6)
loaded_model.load_state_dict(
    torch.load(FILE)
)  # it takes the loaded dictionary, not the path file itself
loaded_model.eval()

print(loaded_model.state_dict())


###########load checkpoint#####################
learning_rate = 0.01
optimizer = torch.optim.SGD(model.parameters(), lr=learning_rate)

checkpoint = {"epoch": 90, "model_state": model.state_dict(), "optim_state": optimizer.state_dict()}
print(optimizer.state_dict())
FILE = os.path.join(tempfile.mkdtemp(), "checkpoint.pth")
torch.save(checkpoint, FILE)

model = Model(n_input_features=6)
optimizer = torch.optim.SGD(model.parameters(), lr=0)

checkpoint = torch.load(FILE)
model.load_state_dict(checkpoint["model_state"])
optimizer.load_state_dict(checkpoint["optim_state"])
epoch = checkpoint["epoch"]

model.eval()
# - or -
# model.train()

print(optimizer.state_dict())

# Remember that you must call model.eval() to set dropout and batch normalization layers
# to evaluation mode before running inference. Failing to do this will yield
# inconsistent inference results. If you wish to resuming training,
# call model.train() to ensure these layers are in training mode.
