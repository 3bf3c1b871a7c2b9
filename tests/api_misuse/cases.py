"""The misuse corpus: wrong calls of the public API, generated from a table.

Each case is a few lines of Python over ``torch`` (real PyTorch, or ``tinygrad_edu`` in its place)
whose last line is an expression; ``outcome.py`` runs it and records what happened: the exception
type and the first line of its message, or the repr of the value. A beginner's mistakes are what
the table is made of: sizes, dims, dtypes, integer ranges, ``requires_grad``, hooks, losses,
DataLoader arguments, ``.data``, layers, operands, lists that ``torch.tensor`` cannot take.
"""

from __future__ import annotations

from itertools import product

# names every case can use (run before each case, with the seed reset)
PRELUDE = """\
import torch
from torch import nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset
torch.manual_seed(0)
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
m = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
i = torch.tensor([1, 2, 3])
"""


def _cases() -> dict[str, str]:
    c: dict[str, str] = {}

    def add(name: str, code: str) -> None:
        assert name not in c, name
        c[name] = code

    # sizes given to the factories: negative, fractional, strings, None, mixed
    sizes = {
        "neg": "-1",
        "neg_pair": "2, -1",
        "float": "2.5",
        "float_pair": "2, 2.5",
        "str": '"3"',
        "tuple_neg": "(2, -3)",
        "tuple_float": "(1.5,)",
        "list_str": '["2"]',
        "none": "None",
        "nested": "(2, (3,))",
        "bool": "True",
        "tensor_float": "torch.tensor(2.5)",
    }
    for f, (k, size) in product(("zeros", "ones", "empty", "rand", "randn"), sizes.items()):
        tail = ".shape" if f in ("empty", "rand", "randn") else ""
        add(f"factory_{f}_{k}", f"torch.{f}({size}){tail}")
    for k in ("neg", "float", "str", "tuple_neg"):
        add(f"factory_full_{k}", f"torch.full({sizes[k]}, 1.0)")
    for k, size in {"neg": "-1", "float": "2.5", "str": '"2"', "big_neg": "-5"}.items():
        add(f"factory_eye_{k}", f"torch.eye({size})")
        add(f"factory_randperm_{k}", f"torch.randperm({size})")
    add("factory_eye_cols_neg", "torch.eye(2, -1)")
    add("factory_arange_step0", "torch.arange(0, 10, 0)")
    add("factory_arange_wrong_sign", "torch.arange(10, 0, 1)")
    add("factory_arange_str", 'torch.arange("5")')
    add("factory_arange_nan", 'torch.arange(float("nan"))')
    add("factory_arange_inf", 'torch.arange(float("inf"))')
    add("factory_linspace_neg", "torch.linspace(0, 1, -1)")
    add("factory_linspace_float", "torch.linspace(0, 1, 2.5)")
    add("factory_randint_low_high", "torch.randint(5, 2, (3,))")
    add("factory_randint_no_size", "torch.randint(5)")
    add("factory_randint_neg_size", "torch.randint(0, 5, (-1,))")
    add("factory_zeros_like_str", 'torch.zeros_like("a")')
    add("factory_ones_like_list", "torch.ones_like([1, 2])")
    add("factory_manual_seed_str", 'torch.manual_seed("a")')
    add("factory_manual_seed_float", "torch.manual_seed(2.5)")
    add("factory_normal_neg_std", "torch.normal(0.0, -1.0, (2,))")
    add("factory_multinomial_neg", "torch.multinomial(torch.tensor([0.5, -0.5]), 1)")
    add("factory_multinomial_zero", "torch.multinomial(torch.tensor([0.0, 0.0]), 1)")
    add("factory_multinomial_too_many", "torch.multinomial(torch.tensor([0.5, 0.5]), 3)")

    # view and shape arguments
    view_calls = {
        "expand_neg2": "x.expand(-2)",
        "expand_smaller": "x.expand(2)",
        "expand_new_neg1": "x.expand(-1, 3)",
        "expand_float": "x.expand(2.5)",
        "expand_str": 'x.expand("3")',
        "repeat_neg": "x.repeat(-1)",
        "repeat_fewer": "m.repeat(2)",
        "repeat_float": "x.repeat(1.5)",
        "reshape_bad": "x.reshape(4)",
        "reshape_two_infer": "m.reshape(-1, -1)",
        "reshape_neg2": "x.reshape(-2)",
        "reshape_float": "x.reshape(1.5, 2)",
        "view_bad": "x.view(2, 2)",
        "view_str": 'x.view("3")',
        "view_zero_infer": "torch.zeros(0).view(-1, 0)",
        "permute_repeat": "m.permute(0, 0)",
        "permute_short": "m.permute(0)",
        "permute_out": "m.permute(0, 2)",
        "transpose_out": "x.transpose(0, 2)",
        "t_3d": "torch.zeros(2, 2, 2).t()",
        "squeeze_out": "x.squeeze(5)",
        "unsqueeze_out": "x.unsqueeze(3)",
        "unsqueeze_neg_out": "x.unsqueeze(-3)",
        "flatten_out": "x.flatten(2)",
        "flatten_order": "m.flatten(1, 0)",
        "narrow_out": "x.narrow(0, 2, 5)",
        "narrow_neg_len": "x.narrow(0, 0, -1)",
        "split_zero": "x.split(0)",
        "chunk_zero": "x.chunk(0)",
        "chunk_neg": "x.chunk(-1)",
        "unbind_out": "x.unbind(1)",
        "index_select_float": "x.index_select(0, torch.tensor([0.0]))",
        "index_select_out": "x.index_select(0, torch.tensor([5]))",
    }
    for k, code in view_calls.items():
        add(f"view_{k}", f"{code}.shape")

    # dims of reductions and of the ops that take one
    for f in ("softmax", "log_softmax"):
        for tag, dim in (("3", "3"), ("m2", "-2"), ("1_5", "1.5"), ("a", '"a"')):
            add(f"dim_{f}_{tag}", f"x.{f}(dim={dim})")
        add(f"dim_F_{f}_out", f"F.{f}(x, dim=1)")
    for f, dim in product(
        ("sum", "mean", "prod", "argmax", "argmin", "cumsum", "std", "var", "amax", "logsumexp"),
        ("1", "-2", "(0, 0)", "1.5"),
    ):
        tag = dim.replace("(", "").replace(")", "").replace(", ", "_").replace(".", "_")
        add(f"dim_{f}_{tag.replace('-', 'm')}", f"x.{f}(dim={dim})")
    for f in ("max", "min", "sort", "argsort", "cumprod", "norm", "all", "any"):
        add(f"dim_{f}_out", f"x.detach().{f}(dim=1)")
    add("dim_topk_too_many", "x.topk(5)")
    add("dim_topk_neg", "x.topk(-1)")
    add("dim_cat_out", "torch.cat([x, x], dim=1)")
    add("dim_cat_mismatch", "torch.cat([m, x.reshape(3, 1)], dim=0)")
    add("dim_cat_empty_list", "torch.cat([])")
    add("dim_cat_not_list", "torch.cat(x, x)")
    add("dim_stack_out", "torch.stack([x, x], dim=3)")
    add("dim_stack_mismatch", "torch.stack([x, m])")
    add("dim_stack_empty", "torch.stack([])")
    add("dim_gather_out", "x.gather(1, torch.tensor([0]))")
    add("dim_gather_float_index", "x.gather(0, torch.tensor([0.0]))")
    add("dim_gather_index_out", "x.gather(0, torch.tensor([7]))")
    add("dim_flip_out", "x.flip(1)")
    add("dim_roll_out", "x.roll(1, 1)")

    # dtypes given by name, by Python type, by the wrong object
    dtypes = {
        "str": '"float32"',
        "str_torch": '"torch.float32"',
        "int": "3",
        "list": "[torch.float32]",
        "py_float": "float",
        "py_int": "int",
        "py_bool": "bool",
        "py_str": "str",
    }
    for (f, call), (k, dt) in product(
        {
            "tensor": "torch.tensor([1, 2], dtype={})",
            "zeros": "torch.zeros(2, dtype={})",
            "arange": "torch.arange(3, dtype={})",
            "full": "torch.full((2,), 1, dtype={})",
        }.items(),
        dtypes.items(),
    ):
        add(f"dtype_{f}_{k}", call.format(dt))
    for k, dt in dtypes.items():
        add(f"dtype_to_{k}", f"x.detach().to({dt})")
    add("dtype_to_dtype_kw_str", 'x.detach().to(dtype="float64")')
    add("dtype_type_str", 'x.detach().type("torch.DoubleTensor")')
    add("dtype_type_bad_str", 'x.detach().type("float")')
    add("dtype_set_default_int", "torch.set_default_dtype(torch.int32)")
    add("dtype_set_default_str", 'torch.set_default_dtype("float32")')
    add("dtype_promote_str", 'torch.promote_types(torch.float32, "int")')
    add("dtype_ones_like_str", 'torch.ones_like(x, dtype="float")')

    # integers out of range, nan and inf into integers
    ints = {
        "2_70": "[2**70]",
        "2_63": "[2**63]",
        "2_63_m1": "[2**63 - 1]",
        "neg_2_63_m1": "[-2**63 - 1]",
        "2_64": "[2**64]",
        "mixed_big": "[1.0, 2**70]",
        "nested_big": "[[1], [2**65]]",
    }
    for k, data in ints.items():
        add(f"int_tensor_{k}", f"torch.tensor({data})")
    for (dt, lo, hi), k in product(
        (
            ("int8", -128, 127),
            ("uint8", 0, 255),
            ("int16", -(2**15), 2**15 - 1),
            ("int32", -(2**31), 2**31 - 1),
        ),
        ("over", "under", "edge"),
    ):
        value = {"over": hi + 1, "under": lo - 1, "edge": hi}[k]
        add(f"int_tensor_{dt}_{k}", f"torch.tensor([{value}], dtype=torch.{dt})")
        add(f"int_full_{dt}_{k}", f"torch.full((2,), {value}, dtype=torch.{dt})")
    add("int_tensor_int8_float_over", "torch.tensor([300.0], dtype=torch.int8)")
    add("int_tensor_int64_float_big", "torch.tensor([1e20], dtype=torch.int64)")
    add("int_tensor_bool_big", "torch.tensor([2**70], dtype=torch.bool)")
    add("int_tensor_float_big", "torch.tensor([2**70], dtype=torch.float32)")
    add("int_tensor_float_huge", "torch.tensor([2**1100], dtype=torch.float32)")
    for v, dt in product(
        ('float("nan")', 'float("inf")', 'float("-inf")', "1e20"),
        ("int64", "int32", "int8", "uint8", "bool"),
    ):
        tag = v.replace('float("', "").replace('")', "").replace("-", "m")
        add(f"int_cast_{tag}_{dt}", f"torch.tensor([{v}]).to(torch.{dt})")
        add(f"int_tensor_{tag}_{dt}", f"torch.tensor([{v}], dtype=torch.{dt})")
    add("int_long_nan", 'torch.tensor([float("nan")]).long()')
    add("int_int_inf", 'torch.tensor([float("inf")]).int()')
    add("int_item_int_nan", 'int(torch.tensor(float("nan")))')
    add("int_add_big", "i + 2**70")
    add("int_mul_big", "i * 2**64")
    add("int_fill_big", "i.fill_(2**70)")
    add("int_add_int8_over", "torch.tensor([100], dtype=torch.int8) + 300")
    add("int_div_zero", "i // 0")
    add("int_remainder_zero", "i % 0")
    add("int_full_big", "torch.full((2,), 2**70)")
    add("int_arange_big", "torch.arange(2**70, 2**70 + 2)")
    add("int_zeros_huge_size", "torch.zeros(2**70)")
    add("int_setitem_big", "i[0] = 2**70\ni")

    # requires_grad of the wrong type, on the wrong tensor
    for k, v in {
        "int": "1",
        "str": '"yes"',
        "none": "None",
        "float": "1.0",
        "list": "[True]",
    }.items():
        add(f"rg_tensor_{k}", f"torch.tensor([1.0], requires_grad={v})")
        add(f"rg_zeros_{k}", f"torch.zeros(2, requires_grad={v})")
        add(f"rg_method_{k}", f"torch.zeros(2).requires_grad_({v})")
        add(f"rg_attr_{k}", f"t = torch.zeros(2)\nt.requires_grad = {v}\nt")
    add("rg_int_tensor", "torch.tensor([1, 2], requires_grad=True)")
    add("rg_int_method", "i.requires_grad_()")
    add("rg_bool_tensor", "torch.tensor([True], requires_grad=True)")
    add("rg_arange_int", "torch.arange(3, requires_grad=True)")
    add("rg_nonleaf_off", "y = x * 2\ny.requires_grad = False\ny")
    add("rg_nonleaf_method_off", "(x * 2).requires_grad_(False)")
    add("rg_parameter_int", "nn.Parameter(torch.tensor([1, 2]))")
    add("rg_parameter_list", "nn.Parameter([1.0, 2.0])")

    # hooks that return the wrong thing
    hooks = {
        "shape": "g[:1]",
        "bigger": "torch.cat([g, g])",
        "scalar": "g.sum()",
        "number": "3.0",
        "dtype": "g.to(torch.float64)",
        "int": "g.long()",
        "list": "[1.0, 2.0, 3.0]",
        "ok": "g * 2",
    }
    for k, ret in hooks.items():
        add(
            f"hook_tensor_{k}",
            f"x.register_hook(lambda g: {ret})\n(x * x).sum().backward()\nx.grad",
        )
        add(
            f"hook_nonleaf_{k}",
            f"y = x * 2\ny.register_hook(lambda g: {ret})\ny.sum().backward()\nx.grad",
        )
    add("hook_no_grad_tensor", "torch.zeros(2).register_hook(lambda g: g)")
    add("hook_not_callable", "x.register_hook(3)\n(x * x).sum().backward()\nx.grad")

    # losses: weights of the wrong size, targets out of range
    logits = "torch.tensor([[1.0, 2.0, 0.5], [0.1, 0.2, 0.3]], requires_grad=True)"
    for k, w in {
        "short": "[1.0, 2.0]",
        "long": "[1.0, 2.0, 3.0, 4.0]",
        "2d": "[[1.0, 2.0, 3.0]]",
        "int": "[1, 2, 3]",
        "ok": "[1.0, 2.0, 3.0]",
    }.items():
        add(
            f"loss_ce_weight_{k}",
            f"nn.CrossEntropyLoss(weight=torch.tensor({w}))({logits}, torch.tensor([0, 2]))",
        )
        add(
            f"loss_nll_weight_{k}",
            f"nn.NLLLoss(weight=torch.tensor({w}))({logits}, torch.tensor([0, 2]))",
        )
    for k, t in {
        "big": "[0, 3]",
        "neg": "[0, -1]",
        "float": "[0.0, 1.0]",
        "shape": "[0, 1, 2]",
        "2d": "[[0], [1]]",
        "ignore": "[0, -100]",
        "bool": "[True, False]",
    }.items():
        add(f"loss_ce_target_{k}", f"F.cross_entropy({logits}, torch.tensor({t}))")
        add(f"loss_nll_target_{k}", f"F.nll_loss({logits}, torch.tensor({t}))")
    for k, t in {
        "two": "[2.0, 0.0]",
        "neg": "[-0.5, 1.0]",
        "nan": '[float("nan"), 1.0]',
        "ok": "[1.0, 0.0]",
        "int": "[1, 0]",
        "shape": "[1.0, 0.0, 1.0]",
    }.items():
        add(
            f"loss_bce_target_{k}",
            f"F.binary_cross_entropy(torch.tensor([0.3, 0.6]), torch.tensor({t}))",
        )
        add(
            f"loss_bcelogits_target_{k}",
            f"F.binary_cross_entropy_with_logits(torch.tensor([0.3, 0.6]), torch.tensor({t}))",
        )
    for k, p in {"two": "[2.0, 0.5]", "neg": "[-0.1, 0.5]", "nan": '[float("nan"), 0.5]'}.items():
        add(f"loss_bce_input_{k}", f"nn.BCELoss()(torch.tensor({p}), torch.tensor([1.0, 0.0]))")
    for f in ("mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss"):
        add(f"loss_{f}_shape", f"F.{f}(torch.zeros(3), torch.zeros(2))")
        add(f"loss_{f}_int", f"F.{f}(torch.zeros(2), torch.tensor([1, 2]))")
    add("loss_mse_broadcast", "F.mse_loss(torch.zeros(3, 1), torch.zeros(3))")
    add("loss_reduction_bad", 'F.mse_loss(torch.zeros(2), torch.zeros(2), reduction="avg")')
    add(
        "loss_ce_reduction_bad",
        'nn.CrossEntropyLoss(reduction="total")(torch.zeros(1, 2), torch.tensor([0]))',
    )
    add(
        "loss_ce_label_smoothing_bad",
        "F.cross_entropy(torch.zeros(1, 2), torch.tensor([0]), label_smoothing=1.5)",
    )

    # DataLoader and datasets
    dl_args = {
        "batch_size_0": "batch_size=0",
        "batch_size_neg": "batch_size=-1",
        "batch_size_float": "batch_size=2.5",
        "batch_size_str": 'batch_size="2"',
        "batch_size_bool": "batch_size=True",
        "shuffle_str": 'shuffle="yes"',
        "shuffle_int": "shuffle=1",
        "num_workers_neg": "num_workers=-1",
        "drop_last_str": 'drop_last="no"',
        "sampler_and_shuffle": "sampler=[0, 1], shuffle=True",
        "batch_sampler_and_size": "batch_sampler=[[0, 1]], batch_size=2",
        "timeout_neg": "timeout=-1",
        "prefetch_no_workers": "prefetch_factor=2",
        "unknown_kw": "batch=2",
    }
    ds = "TensorDataset(torch.arange(4.0), torch.arange(4))"
    for k, arg in dl_args.items():
        add(f"dataloader_{k}", f"[b[0].tolist() for b in DataLoader({ds}, {arg})]")
    add("dataloader_not_dataset", "list(DataLoader(5))")
    add("dataset_mismatch", "TensorDataset(torch.zeros(3), torch.zeros(2))")
    add("dataset_not_tensor", "TensorDataset([1, 2, 3])")
    add("dataset_index_out", f"{ds}[7]")

    # .data and .grad assignment
    data_rhs = {
        "longer": "torch.zeros(4)",
        "shorter": "torch.zeros(2)",
        "2d": "torch.zeros(3, 1)",
        "int": "torch.tensor([1, 2, 3])",
        "double": "torch.zeros(3, dtype=torch.float64)",
        "number": "5.0",
        "list": "[1.0, 2.0, 3.0]",
        "none": "None",
    }
    for k, rhs in data_rhs.items():
        add(f"data_leaf_{k}", f"x.data = {rhs}\nx")
        add(f"grad_set_{k}", f"x.grad = {rhs}\nx.grad")
    add("data_int_of_float", "j = torch.tensor([1, 2])\nj.data = torch.zeros(3)\nj")
    add("data_param_longer", "p = nn.Linear(2, 1).weight\np.data = torch.zeros(3)\np.shape")

    # layers built with bad sizes and probabilities
    layers = {
        "linear_0_3": "nn.Linear(0, 3)",
        "linear_3_0": "nn.Linear(3, 0)",
        "linear_neg": "nn.Linear(-1, 3)",
        "linear_float": "nn.Linear(2.5, 3)",
        "linear_str": 'nn.Linear("2", 3)',
        "linear_bias_str": 'nn.Linear(2, 3, bias="no")',
        "conv_0": "nn.Conv2d(0, 1, 3)",
        "conv_kernel_0": "nn.Conv2d(1, 1, 0)",
        "conv_groups": "nn.Conv2d(3, 2, 1, groups=2)",
        "conv_padding_str": 'nn.Conv2d(1, 1, 3, padding="full")',
        "conv_stride_0": "nn.Conv2d(1, 1, 3, stride=0)",
        "embedding_neg": "nn.Embedding(-1, 3)",
        "embedding_0": "nn.Embedding(0, 3)",
        "embedding_padding_out": "nn.Embedding(3, 2, padding_idx=5)",
        "dropout_big": "nn.Dropout(1.5)",
        "dropout_neg": "nn.Dropout(-0.1)",
        "dropout_str": 'nn.Dropout("0.5")',
        "batchnorm_0": "nn.BatchNorm1d(0)",
        "layernorm_neg": "nn.LayerNorm(-1)",
        "sequential_int": "nn.Sequential(3)",
        "sequential_fn": "nn.Sequential(torch.relu)",
        "modulelist_int": "nn.ModuleList([1])",
        "softmax_dim_str": 'nn.Softmax(dim="a")(x)',
        "flatten_out": "nn.Flatten(3)(x)",
        "maxpool_0": "nn.MaxPool2d(0)(torch.zeros(1, 1, 4, 4))",
        "rnn_0": "nn.RNN(0, 3)",
    }
    for k, code in layers.items():
        add(f"layer_{k}", f"layer = {code}\nlayer")
    apply = {
        "linear_shape": "nn.Linear(2, 3)(torch.zeros(3))",
        "linear_int": "nn.Linear(2, 3)(torch.tensor([1, 2]))",
        "linear_double": "nn.Linear(2, 3)(torch.zeros(2, dtype=torch.float64))",
        "linear_list": "nn.Linear(2, 3)([1.0, 2.0])",
        "conv_3d_input": "nn.Conv2d(1, 1, 3)(torch.zeros(4, 4))",
        "conv_channels": "nn.Conv2d(2, 1, 3)(torch.zeros(1, 1, 4, 4))",
        "conv_small": "nn.Conv2d(1, 1, 3)(torch.zeros(1, 1, 2, 2))",
        "embedding_out": "nn.Embedding(3, 2)(torch.tensor([5]))",
        "embedding_float": "nn.Embedding(3, 2)(torch.tensor([1.0]))",
        "embedding_neg": "nn.Embedding(3, 2)(torch.tensor([-1]))",
        "batchnorm_shape": "nn.BatchNorm1d(3)(torch.zeros(2, 4))",
        "batchnorm_one": "nn.BatchNorm1d(3)(torch.zeros(1, 3))",
        "layernorm_shape": "nn.LayerNorm(3)(torch.zeros(2, 4))",
        "load_state_missing": "nn.Linear(2, 1).load_state_dict({})",
        "load_state_shape": 'nn.Linear(2, 1).load_state_dict({"weight": torch.zeros(3, 3), "bias": torch.zeros(1)})',
        "load_state_not_dict": "nn.Linear(2, 1).load_state_dict(3)",
        "add_module_bad_name": 'nn.Module().add_module("a.b", nn.Linear(1, 1))',
        "register_buffer_bad": 'nn.Module().register_buffer("b", 3)',
        "register_parameter_tensor": 'nn.Module().register_parameter("p", torch.zeros(1))',
        "setattr_param_tensor": "lin = nn.Linear(1, 1)\nlin.weight = torch.zeros(1, 1)\nlin",
        "forward_missing": "nn.Module()(x)",
    }
    for k, code in apply.items():
        add(f"module_{k}", code)

    # operands of the wrong type
    # (no complex number: tinygrad_edu has no complex dtype, and a complex operand is no misuse)
    operands = {
        "str": '"a"',
        "none": "None",
        "list": "[1.0]",
        "dict": "{}",
        "module": "nn.Linear(1, 1)",
    }
    ops = {
        "add": "x + {}",
        "radd": "{} + x",
        "mul": "x * {}",
        "sub": "x - {}",
        "div": "x / {}",
        "pow": "x ** {}",
        "rpow": "{} ** x",
        "matmul": "x @ {}",
        "lt": "x < {}",
        "pow_method": "x.pow({})",
        "add_method": "x.add({})",
        "torch_add": "torch.add(x, {})",
        "torch_mul": "torch.mul({}, x)",
        "clamp": "x.clamp(min={})",
        "where": "torch.where(x > 1, x, {})",
        "max_method": "x.max({})",
        "eq": "torch.eq(x, {})",
    }
    for (ko, op), (kv, v) in product(ops.items(), operands.items()):
        add(f"operand_{ko}_{kv}", op.format(v))
    add("operand_pow_tensor_int_neg", "i ** -1")
    add("operand_int_pow_neg", "i.pow(-2)")
    add("operand_matmul_mismatch", "m @ x")
    add("operand_matmul_scalar", "x @ torch.tensor(2.0)")
    add("operand_mm_1d", "torch.mm(x, x)")
    add("operand_mv_shape", "torch.mv(m, x)")
    add("operand_dot_sizes", "torch.dot(x, torch.zeros(2))")
    add("operand_dot_dtype", "torch.dot(x, i)")
    add("operand_broadcast", "x + torch.zeros(2)")
    add("operand_inplace_broadcast", "torch.zeros(3).add_(torch.zeros(2, 3))")
    add("operand_inplace_leaf", "x.add_(1)")
    add("operand_inplace_int_float", "i.add_(1.5)")
    add("operand_inplace_int_div", "i.div_(2)")
    add("operand_clamp_no_args", "x.clamp()")
    add("operand_clamp_reversed", "x.detach().clamp(min=3.0, max=1.0)")
    add("operand_bitwise_float", "x & x")
    add("operand_invert_float", "~x")
    add("operand_neg_bool", "-torch.tensor([True])")
    add("operand_sub_bool", "torch.tensor([True]) - torch.tensor([False])")

    # scalars out of tensors, backward misuse
    scalars = {
        "item_multi": "x.item()",
        "float_multi": "float(x)",
        "int_multi": "int(m)",
        "bool_multi": "bool(x)",
        "len_scalar": "len(torch.tensor(1.0))",
        "iter_scalar": "list(torch.tensor(1.0))",
        "index_scalar": "torch.tensor(1.0)[0]",
        "tolist_ok": "m.tolist()",
        "numpy_grad": "x.numpy()",
        "backward_nonscalar": "(x * 2).backward()",
        "backward_twice": "y = (x * x).sum()\ny.backward()\ny.backward()",
        "backward_no_grad": "torch.zeros(2).sum().backward()",
        "backward_int": "i.sum().backward()",
        "backward_gradient_shape": "(x * 2).backward(torch.ones(2))",
        "backward_gradient_number": "(x * 2).sum().backward(2.0)",
        "grad_unused": "a = torch.tensor(1.0, requires_grad=True)\ntorch.autograd.grad((x * 2).sum(), a)",
        "grad_no_grad_output": "torch.autograd.grad(torch.zeros(1).sum(), x)",
        "grad_nonscalar": "torch.autograd.grad(x * 2, x)",
        "grad_not_tensor": "torch.autograd.grad(3.0, x)",
        "detach_inplace_then_backward": "y = x.exp()\ny.detach().zero_()\ny.sum().backward()\nx.grad",
        "inplace_saved": "y = x.sigmoid()\ny.mul_(2)\ny.sum().backward()",
        "no_grad_backward": "with torch.no_grad():\n    y = (x * 2).sum()\ny.backward()",
        "leaf_view_inplace": "x[0] = 5.0",
        "zero_grad_none": "x.grad.zero_()",
    }
    for k, code in scalars.items():
        add(f"scalar_{k}", code)

    # indexing
    indexes = {
        "out": "5",
        "neg_out": "-4",
        "float": "1.5",
        "str": '"a"',
        "list_out": "[0, 5]",
        "tensor_out": "torch.tensor([5])",
        "float_tensor": "torch.tensor([0.0])",
        "too_many": "0, 0",
        "bool_wrong_len": "torch.tensor([True, False])",
        "slice_step0": "::0",
        "slice_neg_step": "::-1",
        "none_ok": "None",
        "dict": "{}",
    }
    for k, ix in indexes.items():
        add(f"index_get_{k}", f"x.detach()[{ix}]")
        add(f"index_set_{k}", f"t = torch.zeros(3)\nt[{ix}] = 1.0\nt")
    add("index_set_shape", "t = torch.zeros(3)\nt[0:2] = torch.ones(3)\nt")

    # what torch.tensor cannot take
    lists = {
        "ragged": "[[1, 2], [3]]",
        "mixed_depth": "[1, [2]]",
        "str_element": '[1, "a"]',
        "none_element": "[None]",
        "str": '"abc"',
        "dict": "{1: 2}",
        "set": "{1, 2}",
        "empty": "[]",
        "empty_nested": "[[]]",
        "empty_ragged": "[[], [1]]",
        "tensor_list": "[torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])]",
        "tensor_list_ragged": "[torch.tensor([1.0, 2.0]), torch.tensor([3.0])]",
        "tensor_0d_list": "[torch.tensor(1.0), torch.tensor(2.0)]",
        "tuple_mixed": "(1, 2.5, True)",
        "bool_list": "[True, 2]",
        "generator": "(v for v in range(3))",
        "range": "range(3)",
        "bytes": 'b"ab"',
        "object": "[object()]",
    }
    for k, data in lists.items():
        add(f"list_tensor_{k}", f"torch.tensor({data})")
    add("list_self_containing", "a = [1.0]\na.append(a)\ntorch.tensor(a)")
    add("list_nested_500", "a = [1.0]\nfor _ in range(500):\n    a = [a]\ntorch.tensor(a).shape")
    add("list_nested_100", "a = [1.0]\nfor _ in range(100):\n    a = [a]\ntorch.tensor(a).shape")
    add("list_nested_33", "a = [1.0]\nfor _ in range(32):\n    a = [a]\ntorch.tensor(a).shape")
    add("list_nested_32", "a = [1.0]\nfor _ in range(31):\n    a = [a]\ntorch.tensor(a).shape")
    add(
        "list_nested_10000", "a = [1.0]\nfor _ in range(10000):\n    a = [a]\ntorch.tensor(a).shape"
    )
    add("list_as_tensor_self", "a = [1.0]\na.append(a)\ntorch.as_tensor(a)")
    add("list_zeros_dims_65", "torch.zeros([1] * 65).shape")

    # optimizers
    params = "[torch.zeros(2, requires_grad=True)]"
    opts = {
        "sgd_lr_neg": f"torch.optim.SGD({params}, lr=-1)",
        "sgd_lr_str": f'torch.optim.SGD({params}, lr="0.1")',
        "sgd_momentum_neg": f"torch.optim.SGD({params}, lr=0.1, momentum=-1)",
        "sgd_wd_neg": f"torch.optim.SGD({params}, lr=0.1, weight_decay=-1)",
        "sgd_nesterov_no_momentum": f"torch.optim.SGD({params}, lr=0.1, nesterov=True)",
        "sgd_empty": "torch.optim.SGD([], lr=0.1)",
        "sgd_tensor_params": "torch.optim.SGD(torch.zeros(2, requires_grad=True), lr=0.1)",
        "sgd_non_leaf": "torch.optim.SGD([x * 2], lr=0.1)",
        "sgd_duplicate": "torch.optim.SGD([x, x], lr=0.1)",
        "sgd_not_tensor": "torch.optim.SGD([1.0], lr=0.1)",
        "adam_lr_neg": f"torch.optim.Adam({params}, lr=-0.1)",
        "adam_beta_big": f"torch.optim.Adam({params}, betas=(1.5, 0.9))",
        "adam_beta2_neg": f"torch.optim.Adam({params}, betas=(0.9, -0.1))",
        "adam_eps_neg": f"torch.optim.Adam({params}, eps=-1)",
        "adam_wd_neg": f"torch.optim.Adam({params}, weight_decay=-1)",
        "adamw_lr_neg": f"torch.optim.AdamW({params}, lr=-1)",
        "rmsprop_alpha_neg": f"torch.optim.RMSprop({params}, alpha=-1)",
        "adagrad_lr_neg": f"torch.optim.Adagrad({params}, lr=-1)",
        "unknown_kw": f"torch.optim.SGD({params}, lr=0.1, speed=2)",
    }
    for k, code in opts.items():
        add(f"optim_{k}", f"opt = {code}\ntype(opt).__name__")
    add(
        "optim_step_lr_str",
        "opt = torch.optim.SGD([x], lr=0.1)\nopt.param_groups[0]['lr'] = 'a'\n(x * x).sum().backward()\nopt.step()",
    )
    add("optim_load_state_bad", "torch.optim.SGD([x], lr=0.1).load_state_dict({})")
    return c


CASES: dict[str, str] = _cases()
