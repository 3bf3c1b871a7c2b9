# %% [markdown]
# # Lesson 12: a neuron, a layer, an MLP
#
# A neuron is the expression we back-propagated by hand in lesson 04: a weighted sum of its
# inputs plus a bias, through a nonlinearity.  A layer is several neurons reading the same
# inputs; a multi-layer perceptron (MLP) is layers in a row.  `tinygrad_edu.nn` has micrograd's
# `Neuron`, `Layer` and `MLP` (same constructors, same random initialisation, so the same
# `random.seed` gives the same network).  We build a neuron by hand, check the library's against
# it, then count, run and differentiate an MLP.  Pictures go to `lessons_out/12/`.

# %%
import os
import random
from pathlib import Path

import viz
from tinygrad_edu import Value
from tinygrad_edu.core.gradcheck import numerical_grad
from tinygrad_edu.nn import MLP, Layer, Neuron

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "12"
OUT.mkdir(parents=True, exist_ok=True)

# %% [markdown]
# ## A neuron by hand, and `nn.Neuron`
#
# `Neuron(nin)` draws `nin` weights uniformly from `[-1, 1]` (in order, from Python's `random`)
# and a bias of 0, and computes `relu(w·x + b)`.  Seeding the generator the same way and doing
# the arithmetic by hand gives the same number and the same gradients.

# %%
random.seed(42)
weights = [random.uniform(-1, 1) for _ in range(3)]
random.seed(42)
neuron = Neuron(3)
x = [0.5, -1.0, 2.0]

w_hand = [Value(wi, label=f"w{i}") for i, wi in enumerate(weights)]
b_hand = Value(0.0, label="b")
act = b_hand
for wi, xi in zip(w_hand, x):
    act = act + wi * xi
out_hand = act.relu()
out_lib = neuron(x)
print("by hand:", out_hand.data, "  nn.Neuron:", out_lib.data)
assert [w.data for w in neuron.w] == weights and neuron.b.data == 0.0
assert abs(out_hand.data - out_lib.data) < 1e-12

out_hand.backward()
out_lib.backward()
for mine, theirs in zip([*w_hand, b_hand], neuron.parameters()):
    assert abs(mine.grad - theirs.grad) < 1e-12
print("grads of w and b agree:", [round(p.grad, 4) for p in neuron.parameters()])

# %% [markdown]
# The hand-made neuron is a chain of `MulBackward0` and `AddBackward0` nodes, two per input.
# The library's weighted sum is *one* node with many inputs, `AddmvBackward0`, named after
# PyTorch's `torch.addmv(b, W, x)` (bias plus matrix times vector), which computes a whole
# layer of these sums at once; a neuron is one row of it.  The arithmetic is the same, in the
# same order, with far fewer objects: that is what makes training fast.  One difference from
# PyTorch: its `AddmvBackward0` has three `next_functions` (bias, matrix, vector: three input
# *tensors*), while a neuron's node here has `2n + 1`, one per scalar input Value, which is
# lesson 02's rule (one entry per input) applied to scalars.  The name is PyTorch's; the slots
# are this scalar engine's.

# %%
print("hand-made:", out_hand.grad_fn.name(), "<-", out_hand.grad_fn.next_functions[0][0].name())
print("nn.Neuron:", out_lib.grad_fn.name(), "<-", out_lib.grad_fn.next_functions[0][0].name())
summed = out_lib.grad_fn.next_functions[0][0]
assert len(summed.next_functions) == 2 * len(x) + 1  # the weights, the inputs, the bias
assert {n.variable for n, _ in summed.next_functions if n is not None} == set(neuron.parameters())

# %% [markdown]
# ## Layers and the MLP
#
# `Layer(nin, nout)` is `nout` neurons; `MLP(nin, [n1, n2, ..., nk])` stacks layers, with ReLU
# everywhere except the last layer, which is linear (so it can output any score).  Each neuron
# has `nin + 1` parameters.

# %%
random.seed(1337)
model = MLP(2, [16, 16, 1])
print("neurons per layer:", [len(layer.neurons) for layer in model.layers])
print(MLP(2, [3, 1]))
expected = (2 + 1) * 16 + (16 + 1) * 16 + (16 + 1) * 1  # (inputs + bias) * neurons, per layer
print("parameters:", len(model.parameters()), " counted by hand:", expected)
assert len(model.parameters()) == expected
layer = Layer(3, 4)
assert len(layer([1.0, 2.0, 3.0])) == 4  # several outputs come back as a list
assert isinstance(model([0.5, -0.5]), Value)  # one output comes back bare

# %% [markdown]
# ## The same network as micrograd
#
# If micrograd is installed, the same seed builds the same weights, so both give the same score.

# %%
try:
    import micrograd.nn as micrograd_nn
except ImportError:
    micrograd_nn = None
    print("micrograd is not installed: skipping the side-by-side run")
if micrograd_nn is not None:
    random.seed(1337)
    theirs = micrograd_nn.MLP(2, [16, 16, 1])
    ours = model([0.5, -0.5]).data
    print("micrograd:", theirs([0.5, -0.5]).data, "  tinygrad_edu:", ours)
    assert abs(theirs([0.5, -0.5]).data - ours) < 1e-12

# %% [markdown]
# ## Every parameter gets a gradient
#
# One `backward()` from the score fills the grad of all parameters.  A central difference on a
# few of them, nudging one weight at a time, agrees.

# %%
point = [0.3, -0.7]
score = model(point)
model.zero_grad()
score.backward()
params = model.parameters()
live = [i for i, p in enumerate(params) if p.grad != 0.0]  # a ReLU that is off passes 0
print(f"{len(live)} of {len(params)} parameters have a nonzero grad at this point")
for i in random.Random(0).sample(live, 5):
    nudged = numerical_grad(lambda *ps: model(point), params, i, 1e-6)
    print(f"parameter {i:>3}: backward {params[i].grad:+.6f}   nudging {nudged:+.6f}")
    assert abs(params[i].grad - nudged) < 1e-6

# %% [markdown]
# ## The picture
#
# A small network, `MLP(2, [2, 1])`, drawn after a backward pass: every weight shows its grad.

# %%
random.seed(0)
small = MLP(2, [2, 1])
xs = [Value(1.0, label="x0"), Value(-2.0, label="x1")]
y = small(xs)
y.label = "score"
y.backward()
for li, lay in enumerate(small.layers):  # names like w1.0.1: layer 1, neuron 0, weight 1
    for ni, n in enumerate(lay.neurons):
        n.b.label = f"b{li}.{ni}"
        for wi, wt in enumerate(n.w):
            wt.label = f"w{li}.{ni}.{wi}"
viz.show(viz.draw(y), OUT / "small_mlp.svg")
viz.show(viz.draw(y, style="torch"), OUT / "small_mlp_torch.svg")

# %% [markdown]
# ## Exercise 12.1
#
# Write `tanh_neuron(w, b, x)` for lists of Values `w`, Value `b` and a list of numbers `x`: the
# weighted sum plus bias through `tanh`, using only `+`, `*` and `.tanh()`.  `check_tanh_neuron`
# compares its value and its gradients with a central difference.


# %%
import math

from tinygrad_edu_lessons.exercise import attempt, close, fail, passed


# BEGIN SOLUTION
def tanh_neuron(w, b, x):
    total = b
    for wi, xi in zip(w, x):
        total = total + wi * xi
    return total.tanh()


# END SOLUTION
# BLANK def tanh_neuron(w, b, x):
# BLANK     raise NotImplementedError("Exercise 12.1: return tanh(w . x + b) as a Value")


def check_tanh_neuron(fn):
    rng = random.Random(7)
    for k in range(5):
        w = [Value(rng.uniform(-1, 1)) for _ in range(3)]
        b = Value(rng.uniform(-1, 1))
        x = [rng.uniform(-2, 2) for _ in range(3)]
        o = math.tanh(sum(wi.data * xi for wi, xi in zip(w, x)) + b.data)  # the neuron, by hand
        what = f"tanh_neuron, case {k + 1}"
        out = attempt(fn, w, b, x, what=what, expected=f"a Value with data {o:.6f}")
        if not isinstance(out, Value):
            fail(what, f"a Value with data {o:.6f}", repr(out))
        close(out.data, o, f"{what}: its value tanh(w . x + b)", tol=1e-12)
        out.backward()
        # the chain rule by hand: do/dwi = (1 - o**2) * xi and do/db = 1 - o**2
        for i, p in enumerate(w):
            close(p.grad, (1 - o * o) * x[i], f"{what}: do/dw{i} = (1 - o**2) * x{i}", tol=1e-12)
        close(b.grad, 1 - o * o, f"{what}: do/db = 1 - o**2", tol=1e-12)
    passed("check_tanh_neuron")


check_tanh_neuron(tanh_neuron)
