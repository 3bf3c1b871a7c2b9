# ruff: noqa - written as the source writes it
# Deep Learning with PyTorch, p1ch4/5_text_jane_austen.ipynb: one-hot letters and words of a line (a
# few lines of the novel inline for the text file)
import torch

_r = torch.set_printoptions(edgeitems=2, threshold=50)
if _r is not None:
    print(repr(_r))

# a few lines in place of the book's text file
text = """It is a truth universally acknowledged, that a single man in possession
of a good fortune, must be in want of a wife.

“Impossible, Mr. Bennet, impossible, when I am not acquainted with him
myself; how can you be so teasing?”"""

lines = text.split("\n")
line = lines[4]
_r = line
if _r is not None:
    print(repr(_r))

letter_t = torch.zeros(len(line), 128)  # <1>
_r = letter_t.shape
if _r is not None:
    print(repr(_r))

for i, letter in enumerate(line.lower().strip()):
    letter_index = ord(letter) if ord(letter) < 128 else 0  # <1>
    letter_t[i][letter_index] = 1


def clean_words(input_str):
    punctuation = '.,;:"!?”“_-'
    word_list = input_str.lower().replace("\n", " ").split()
    word_list = [word.strip(punctuation) for word in word_list]
    return word_list


words_in_line = clean_words(line)
_r = (line, words_in_line)
if _r is not None:
    print(repr(_r))

word_list = sorted(set(clean_words(text)))
word2index_dict = {word: i for (i, word) in enumerate(word_list)}

_r = (len(word2index_dict), word2index_dict["impossible"])
if _r is not None:
    print(repr(_r))

word_t = torch.zeros(len(words_in_line), len(word2index_dict))
for i, word in enumerate(words_in_line):
    word_index = word2index_dict[word]
    word_t[i][word_index] = 1
    print("{:2} {:4} {}".format(i, word_index, word))

print(word_t.shape)

word_t = word_t.unsqueeze(1)
_r = word_t.shape
if _r is not None:
    print(repr(_r))


_r = [(c, ord(c)) for c in sorted(set(text))]
if _r is not None:
    print(repr(_r))


_r = ord("l")
if _r is not None:
    print(repr(_r))
