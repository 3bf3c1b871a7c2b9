"""Write docs/api_table.md: PyTorch's public names, each built here or out of scope (and why).

    .venv/bin/python tests/api_table.py           # needs torch (make parity installs it)
    .venv/bin/python tests/api_table.py --check   # also fail if the file or both_forms.BOTH is stale

The names are read from the real install: ``dir()`` of torch, torch.Tensor, torch.nn,
torch.nn.functional, torch.optim, torch.utils.data and torch.autograd, without ``_`` names.
A name is built when tinygrad_edu's namespace of the same path has it; one that is not is out
of scope for the first reason of ``REASONS`` its name matches, else "not built yet".
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "api_table.md"
sys.path.insert(0, str(ROOT))

NAMESPACES = ("torch", "torch.Tensor", "torch.nn", "torch.nn.functional", "torch.optim",
              "torch.utils.data", "torch.autograd")  # fmt: skip

# (reason, pattern on the name): the first that matches says why a name is not built
REASONS: list[tuple[str, str]] = [
    (
        "devices other than the CPU (CUDA, MPS, XPU, ...)",
        r"cuda|cudnn|mps|xpu|mtia|hip|ipu|xla|hpu|vulkan|mkldnn|miopen|pin_memory|is_pinned|"
        r"share_memory|nccl|accelerator|^cpu$|^to_mkldnn|device_mesh|stream|Stream|Event|^get_device_module$|"
        r"^AcceleratorError$|^OutOfMemoryError$",
    ),
    (
        "sparse tensors",
        r"sparse|^sspaddmm|^smm|^hspmm|coo|csr|csc|bsr|bsc|^to_dense|values$|"
        r"^indices$|^crow_|^col_indices|^ccol_|^row_indices|nnz|coalesce|^[dh]smm$|^saddmm$|^spmm$|"
        r"^indices_copy$|^values_copy$|"
        r"^native_norm$",  # ATen's native_norm has kernels for sparse tensors only
    ),
    (
        "complex numbers",
        r"complex|conj|^angle|^imag|^real|^polar|^view_as_real|^isreal|cfloat|"
        r"cdouble|chalf|^sgn|resolve_neg|^is_neg|^_?neg_view",
    ),
    (
        "quantized tensors",
        r"quant|^q_|qint|quint|^int_repr|qscheme|per_channel|per_tensor|"
        r"fake_|^dequantize|^fbgemm|^Q[A-Z]|observer|^ao$|^intrinsic$|^qat$|qparams",
    ),
    ("signal processing (FFT, windows)", r"fft|stft|window$|^windows$|^istft"),
    ("DLPack, the exchange of memory with other array libraries", r"dlpack"),
    (
        "matrix decompositions beyond small solve/inv/det",
        r"svd|^qr|^lu|cholesky|^eig|symeig|geqrf|orgqr|ormqr|lstsq|triangular_solve|pinverse|"
        r"matrix_exp|slogdet|logdet|^lobpcg|^pca_lowrank|householder",
    ),
    (
        "compilers, tracing and export (jit, fx, dynamo, onnx)",
        r"jit|^compile|compiler|^fx$|dynamo|onnx|export|script|trace_module|^Graph|^library$|"
        r"^ops$|^classes$|^overrides$|^package$|vmap|^func$|functorch|^Symbol|^Sym|sym_|guard|"
        r"^cond$|^while_loop|^is_compiling|_decomp|^Aliasdb|^Node$|^Value$|^Block$|^Type$|Type$|"
        r"^Use$|^ScriptObject|^Future|^fork$|^wait$|^Argument|^FunctionSchema|^ConcreteModule|"
        r"^CompilationUnit|^Decl|^ErrorReport|^FileCheck|^Gradient$|^set_flush_denormal|"
        r"^Script|^AliasDb$|^CallStack$|^Code$|^CompleteArgumentSpec$|^ExecutionPlan$|"
        r"^LiteScriptModule$|^StaticModule$|^TracingState$|^JITException$|^parse_ir$|"
        r"^parse_schema$|^parse_type_comment$|^merge_type_from_type_comment$|^slice_inverse$|"
        r"^swap_in_optimizer_params_and_state$|"  # its use: tracing a step on fake tensors
        r"^index$|^SUM$|^ModuleDict$|^ParameterDict$|^BufferDict$|^Capsule$|^DeepCopyMemoTable$|"
        r"Logger$|^LoggerBase$",
    ),
    (
        "distributed and multiprocessing",
        r"distributed|multiprocessing|^rpc|^RRef|shard|^Dist|^SyncBatchNorm$|"
        r"^batch_norm_(stats|elemt|gather_stats|backward_elemt|backward_reduce|update_stats)",
    ),
    (
        "profiling, hardware and build configuration",
        r"profil|^Profil|kineto|backends|^version$|^__|^config|^hub$|^testing$|^utils$|^masked$|^nested|"
        r"^monitor|^futures|^storage$|^types$|^serialization$|^random$|^return_types$|^contrib|"
        r"^special$|^signal$|^sparse$|^quasirandom|^autocast|^amp$|^get_num|^set_num|threads|"
        r"^parallel_info|^show_config|^has_|^is_anomaly|^unify|^init_num|^import_ir|^vitals|"
        r"^set_vital|^read_vitals|^layout|_layout|^strided$|^memory_format|_format$|^channels_last|"
        r"^preserve_format|^contiguous_format|^fork_rng|^Storage|Storage$|storage_|^Typed|"
        r"^Untyped|^DispatchKey|dispatch|^Tag$|^AVG$|^align|^rename|^refine_names|names$|"
        r"deterministic|^are_|^use_deterministic|^float8|^uint[0-9]|^int[0-9]+$|^bits|^e[0-9]m|"
        r"float4|^DisableTorchFunction|torch_function|torch_dispatch|^Size$|autocast|^USE_|"
        r"^GradScaler$|^Benchmark|^bit$|^jagged$|^to_padded_tensor$|^cpp$|^FatalError$|^hash_tensor$|"
        r"^ExcludeDispatchKeyGuard$|^OperatorInfo$|^PRIVATE_OPS$|^classproperty$|^get_file_path$",
    ),
    (
        "the legacy autograd Function with nested inputs, which PyTorch keeps for old code only "
        "(its docstring: use Function)",
        r"^NestedIOFunction$",
    ),
    (
        "float8 and grouped matrix products for accelerators",
        r"^scaled_mm$|^scaled_grouped_mm$|^grouped_mm$",
    ),
    (
        "the C++ reader and writer under torch.save and torch.load (both are built on Python's zipfile)",
        r"^PyTorchFile(Reader|Writer)$|^(De)?[Ss]erializationStorageContext$",
    ),
    (
        "PyTorch's documentation fragments (CUDA reproducibility and TF32 notes)",
        r"^reproducibility_notes$|^tf32_notes$",
    ),
    (
        "DataPipes, which PyTorch has deprecated (loaders use Dataset and DataLoader)",
        r"DataPipe|datapipe|^DataChunk$|^argument_validation$|^runtime_validation|"
        r"^graph_settings$|^guaranteed_datapipes_determinism$|^graph$",
    ),
    ("lazy modules and parametrizations beyond nn.Linear's", r"^Lazy|parametriz|^UninitializedB"),
    (
        "transformer and attention layers (and RNNCellBase, which the cells here do not share)",
        r"Transformer|Attention|attention|^RNNCellBase$",
    ),
    (
        "Python's own modules and typing names that the module imports (not PyTorch's API)",
        r"^(builtins|ctypes|functools|glob|importlib|inspect|math|os|platform|sys|textwrap|"
        r"threading|warnings|torch|Mapping|Sequence|cast|overload|TYPE_CHECKING|np|dataclasses|"
        r"Callable|Optional|BroadcastingList[123])$",
    ),
]
BEGINNER_NOTE = "not built yet"


def _public(obj: object) -> list[str]:
    return sorted(n for n in dir(obj) if not n.startswith("_"))


def _resolve(root: object, path: str) -> object:
    obj = root
    for part in path.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def reason(name: str) -> str:
    for why, pattern in REASONS:
        if re.search(pattern, name):
            return why
    return BEGINNER_NOTE


def both_forms(torch: types.ModuleType) -> list[str]:
    """PyTorch's names that are both a function of torch and a method of torch.Tensor."""
    fns = {n for n in _public(torch)
           if callable(getattr(torch, n)) and not isinstance(getattr(torch, n), type)}  # fmt: skip
    plain = (property, types.GetSetDescriptorType, types.MemberDescriptorType)
    methods = {n for n in _public(torch.Tensor)
               if not isinstance(inspect.getattr_static(torch.Tensor, n), plain)}  # fmt: skip
    return sorted(fns & methods)


def table() -> str:
    import torch

    import tinygrad_edu

    lines = [
        "# PyTorch's public names, and which are built here",
        "",
        f"Made by `tests/api_table.py` from torch {torch.__version__}: every public name (no "
        "leading `_`) of each namespace, **built** when tinygrad_edu has it under the same path "
        "(`import tinygrad_edu as torch`), else out of scope for the reason given (the first "
        "rule of `REASONS` in the script its name matches), or *not built yet*.",
        "",
        "| namespace | names | built | out of scope | not built yet |",
        "|---|---:|---:|---:|---:|",
    ]
    sections = []
    for path in NAMESPACES:
        theirs = _resolve(torch, path)
        try:
            ours: object | None = _resolve(tinygrad_edu, path)
        except AttributeError:
            ours = None
        rows, counts = [], {"built": 0, "out": 0, "todo": 0}
        for name in _public(theirs):
            if ours is not None and hasattr(ours, name):
                rows.append(f"| `{name}` | built |")
                counts["built"] += 1
            else:
                why = reason(name)
                counts["todo" if why == BEGINNER_NOTE else "out"] += 1
                rows.append(f"| `{name}` | {why} |")
        total = sum(counts.values())
        lines.append(f"| `{path}` | {total} | {counts['built']} | {counts['out']} | "
                     f"{counts['todo']} |")  # fmt: skip
        sections += ["", f"## `{path}`", "", "| name | here |", "|---|---|", *rows]
    return "\n".join([*lines, *sections, ""])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if anything is stale")
    args = parser.parse_args()
    import torch

    from tinygrad_edu._tensor.ops import both_forms as ours

    text = table()
    status = 0
    if list(ours.BOTH) != both_forms(torch):
        print("tinygrad_edu/both_forms.py's BOTH differs from this torch's names", file=sys.stderr)
        status = 1
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is stale: run tests/api_table.py", file=sys.stderr)
            status = 1
    else:
        OUT.write_text(text, encoding="utf-8")
    print(text.split("\n## ")[0])
    return status


if __name__ == "__main__":
    raise SystemExit(main())
