# CS224N PyTorch tutorial, "Demo: Word Window Classification" (web.stanford.edu/class/cs224n, CS224N_PyTorch_Tutorial.ipynb):
# pad_window, pad_sequence collate, nn.Embedding(padding_idx), unfold, BCELoss; seeded, embed/hidden 4, 15 epochs
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader
from functools import partial
import pprint

# ruff: noqa: F401, I001, RUF059, SIM113, UP008 - written as the source writes it

pp = pprint.PrettyPrinter()
torch.manual_seed(0)
corpus = [
    "We always come to Paris",
    "The professor and his wife are from Australia",
    "I live in Stanford",
    "He comes from Taiwan",
    "The capital of Turkey is Ankara",
]
train_sentences = [sent.lower().split() for sent in corpus]
print(train_sentences)
locations = set(["australia", "ankara", "paris", "stanford", "taiwan", "turkey"])
train_labels = [[1 if word in locations else 0 for word in sent] for sent in train_sentences]
print(train_labels)


def pad_window(sentence, window_size, pad_token="<pad>"):
    window = [pad_token] * window_size
    return window + sentence + window


window_size = 2
print(pad_window(train_sentences[0], window_size=window_size))
vocabulary = set(w for s in train_sentences for w in s)
vocabulary.add("<unk>")
vocabulary.add("<pad>")
ix_to_word = sorted(list(vocabulary))
word_to_ix = {word: ind for ind, word in enumerate(ix_to_word)}
print(word_to_ix)


def convert_token_to_indices(sentence, word_to_ix):
    return [word_to_ix.get(token, word_to_ix["<unk>"]) for token in sentence]


example_sentence = ["we", "always", "come", "to", "kuwait"]
example_indices = convert_token_to_indices(example_sentence, word_to_ix)
restored_example = [ix_to_word[ind] for ind in example_indices]
print(f"Original sentence is: {example_sentence}")
print(f"Going from words to indices: {example_indices}")
print(f"Going from indices to words: {restored_example}")
example_padded_indices = [convert_token_to_indices(s, word_to_ix) for s in train_sentences]
print(example_padded_indices)
embedding_layer = nn.Embedding(5, 3)
indices = torch.tensor([[1, 2, 3], [4, 4, 0]])
print(embedding_layer(indices))


def custom_collate_fn(batch, window_size, word_to_ix):
    x, y = zip(*batch)
    x = [pad_window(s, window_size=window_size) for s in x]
    x = [convert_token_to_indices(s, word_to_ix) for s in x]
    pad_token_ix = word_to_ix["<pad>"]
    x = [torch.LongTensor(x_i) for x_i in x]
    x_padded = nn.utils.rnn.pad_sequence(x, batch_first=True, padding_value=pad_token_ix)
    lengths = [len(label) for label in y]
    lengths = torch.LongTensor(lengths)
    y = [torch.LongTensor(y_i) for y_i in y]
    y_padded = nn.utils.rnn.pad_sequence(y, batch_first=True, padding_value=0)
    return x_padded, y_padded, lengths


data = list(zip(train_sentences, train_labels))
batch_size = 2
shuffle = True
collate_fn = partial(custom_collate_fn, window_size=2, word_to_ix=word_to_ix)
loader = DataLoader(data, batch_size=batch_size, shuffle=shuffle, collate_fn=collate_fn)
counter = 0
for batched_x, batched_y, batched_lengths in loader:
    print(f"Iteration {counter}")
    print("Batched Input:")
    print(batched_x)
    print("Batched Labels:")
    print(batched_y)
    print("Batched Lengths:")
    print(batched_lengths)
    print("")
    counter += 1
print(f"Original Tensor: {batched_x}")
chunk = batched_x.unfold(1, window_size * 2 + 1, 1)
print(f"Windows: {chunk}")


class WordWindowClassifier(nn.Module):
    def __init__(self, hyperparameters, vocab_size, pad_ix=0):
        super(WordWindowClassifier, self).__init__()
        self.window_size = hyperparameters["window_size"]
        self.embed_dim = hyperparameters["embed_dim"]
        self.hidden_dim = hyperparameters["hidden_dim"]
        self.freeze_embeddings = hyperparameters["freeze_embeddings"]
        self.embeds = nn.Embedding(vocab_size, self.embed_dim, padding_idx=pad_ix)
        if self.freeze_embeddings:
            self.embed_layer.weight.requires_grad = False
        full_window_size = 2 * window_size + 1
        self.hidden_layer = nn.Sequential(
            nn.Linear(full_window_size * self.embed_dim, self.hidden_dim), nn.Tanh()
        )
        self.output_layer = nn.Linear(self.hidden_dim, 1)
        self.probabilities = nn.Sigmoid()

    def forward(self, inputs):
        B, L = inputs.size()
        token_windows = inputs.unfold(1, 2 * self.window_size + 1, 1)
        _, adjusted_length, _ = token_windows.size()
        assert token_windows.size() == (B, adjusted_length, 2 * self.window_size + 1)
        embedded_windows = self.embeds(token_windows)
        embedded_windows = embedded_windows.view(B, adjusted_length, -1)
        layer_1 = self.hidden_layer(embedded_windows)
        output = self.output_layer(layer_1)
        output = self.probabilities(output)
        output = output.view(B, -1)
        return output


model_hyperparameters = {
    "batch_size": 4,
    "window_size": 2,
    "embed_dim": 4,
    "hidden_dim": 4,
    "freeze_embeddings": False,
}
vocab_size = len(word_to_ix)
model = WordWindowClassifier(model_hyperparameters, vocab_size)
print(model)
learning_rate = 0.01
optimizer = torch.optim.SGD(model.parameters(), lr=learning_rate)


def loss_function(batch_outputs, batch_labels, batch_lengths):
    bceloss = nn.BCELoss()
    loss = bceloss(batch_outputs, batch_labels.float())
    loss = loss / batch_lengths.sum().float()
    return loss


def train_epoch(loss_function, optimizer, model, loader):
    total_loss = 0
    for batch_inputs, batch_labels, batch_lengths in loader:
        optimizer.zero_grad()
        outputs = model.forward(batch_inputs)
        loss = loss_function(outputs, batch_labels, batch_lengths)
        loss.backward()
        optimizer.step()
        total_loss += loss.item()
    return total_loss


def train(loss_function, optimizer, model, loader, num_epochs=10000):
    for epoch in range(num_epochs):
        epoch_loss = train_epoch(loss_function, optimizer, model, loader)
        if epoch % 5 == 0:
            print(epoch_loss)


num_epochs = 15
train(loss_function, optimizer, model, loader, num_epochs=num_epochs)
test_corpus = ["She comes from Paris"]
test_sentences = [s.lower().split() for s in test_corpus]
test_labels = [[0, 0, 0, 1]]
test_data = list(zip(test_sentences, test_labels))
batch_size = 1
shuffle = False
window_size = 2
collate_fn = partial(custom_collate_fn, window_size=2, word_to_ix=word_to_ix)
test_loader = torch.utils.data.DataLoader(
    test_data, batch_size=1, shuffle=False, collate_fn=collate_fn
)
for test_instance, labels, _ in test_loader:
    outputs = model.forward(test_instance)
    print(labels)
    print(outputs)
