"""Hostile files for ``torch.load``: a fuzzer over the pickle opcodes, deterministic per seed.

Each file is one of: a random opcode program (the weights-only opcodes and others, with
random, often absurd, arguments: huge lengths, sizes, memo indices, globals naming
``os.system``, ``builtins.eval`` and a canary of this module that must never run); a valid
``torch.save`` file mutated (bytes flipped, cut, spliced, opcodes inserted); or either of
those as the ``data.pkl`` of a zip archive with storages of random sizes. ``run`` loads one
file and reports what happened: its outcome, the seconds it took and the peak memory it
allocated (tracemalloc).

``python tests/pickle_fuzz.py COUNT [SEED [DIR]]`` prints the outcomes over COUNT files, for
the ``tinygrad_edu`` found first on ``sys.path`` (set PYTHONPATH to measure another
checkout); with DIR, the files are written there the first time and read from there after,
so two checkouts can be measured on the very same files.
"""

from __future__ import annotations

import io
import pickle
import random
import resource
import signal
import struct
import sys
import time
import tracemalloc
import zipfile
from collections import Counter
from pathlib import Path
from typing import Any

CANARY_CALLS: list[Any] = []


def canary(*args: Any) -> None:
    """What a file names to prove code ran: a loader must never call it."""
    CANARY_CALLS.append(args)


_P = pickle
_GLOBALS = [
    ("os", "system"), ("builtins", "eval"), ("builtins", "exec"), ("__builtin__", "getattr"),
    ("pickle_fuzz", "canary"), ("posix", "system"), ("subprocess", "Popen"),
    ("torch._utils", "_rebuild_tensor_v2"), ("torch._utils", "_rebuild_tensor"),
    ("torch._utils", "_rebuild_parameter"), ("torch._tensor", "_rebuild_from_type_v2"),
    ("torch", "FloatStorage"), ("torch", "LongStorage"), ("torch", "BoolStorage"),
    ("torch", "UntypedStorage"), ("torch", "Size"), ("torch", "device"), ("torch", "float32"),
    ("torch", "Tensor"), ("torch.nn.parameter", "Parameter"), ("collections", "OrderedDict"),
    ("collections", "Counter"), ("collections", "defaultdict"), ("_codecs", "encode"),
    ("builtins", "bytearray"), ("builtins", "set"), ("builtins", "complex"),
    ("__builtin__", "set"), ("tinygrad_edu.serialization", "rebuild_tensor"),
    ("torch", "complex64"),
]  # fmt: skip
_SIMPLE = [_P.MARK, _P.STOP, _P.POP, _P.POP_MARK, _P.DUP, _P.NONE, _P.NEWTRUE, _P.NEWFALSE,
           _P.EMPTY_LIST, _P.EMPTY_DICT, _P.EMPTY_TUPLE, _P.EMPTY_SET, _P.APPEND, _P.APPENDS,
           _P.SETITEM, _P.SETITEMS, _P.TUPLE, _P.TUPLE1, _P.TUPLE2, _P.TUPLE3, _P.REDUCE,
           _P.BUILD, _P.NEWOBJ, _P.BINPERSID, _P.LIST, _P.DICT, _P.ADDITEMS, _P.FROZENSET,
           _P.STACK_GLOBAL, _P.MEMOIZE, _P.NEXT_BUFFER, _P.READONLY_BUFFER,
           _P.NEWOBJ_EX]  # fmt: skip


def _number(rng: random.Random) -> int:
    return rng.choice([0, 1, 2, 3, 7, 255, 256, 65535, 2**31 - 1, 2**31, 2**32 - 1, 10**7,
                       rng.randrange(2**32)])  # fmt: skip


def _op(rng: random.Random) -> bytes:
    r = rng.random()
    if r < 0.35:
        return rng.choice(_SIMPLE)
    if r < 0.45:
        module, name = rng.choice(_GLOBALS)
        return _P.GLOBAL + f"{module}\n{name}\n".encode()
    n = _number(rng)
    choice = rng.randrange(16)
    if choice == 0:
        return _P.BININT1 + bytes([n & 255])
    if choice == 1:
        return _P.BININT + struct.pack("<I", n & 0xFFFFFFFF)
    if choice == 2:
        return _P.BININT2 + struct.pack("<H", n & 0xFFFF)
    if choice == 3:
        return _P.BINFLOAT + struct.pack(">d", rng.choice([0.0, 1.5, 1e308, float("nan")]))
    if choice == 4:  # a string whose length may lie
        body = rng.choice([b"storage", b"0", b"cpu", b"cuda:0", b"shape", b"item", b"__class__"])
        size = len(body) if rng.random() < 0.7 else n
        return _P.BINUNICODE + struct.pack("<I", size & 0xFFFFFFFF) + body
    if choice == 5:
        return _P.SHORT_BINSTRING + bytes([n & 255]) + b"abc"
    if choice == 6:
        return _P.BINGET + bytes([n & 7])
    if choice == 7:
        return _P.LONG_BINGET + struct.pack("<I", n & 0xFFFFFFFF)
    if choice == 8:
        return _P.BINPUT + bytes([n & 7])
    if choice == 9:
        return _P.LONG_BINPUT + struct.pack("<I", n & 0xFFFFFFFF)
    if choice == 10:
        return _P.LONG1 + bytes([n & 255]) + b"\xff" * rng.randrange(12)
    if choice == 11:  # the ones that ask CPython's unpickler for huge buffers
        return rng.choice([_P.LONG4, _P.BINBYTES, _P.BINUNICODE8, _P.BINBYTES8, _P.FRAME,
                           _P.BYTEARRAY8]) + struct.pack("<Q", n)[: rng.choice([4, 8])]  # fmt: skip
    if choice == 12:
        return _P.PROTO + bytes([rng.choice([2, 4, 5, 255])])
    if choice == 13:
        return _P.INT + str(n).encode() + b"\n"
    if choice == 14:
        return rng.choice([_P.GET, _P.PUT]) + str(n & 7).encode() + b"\n"
    return bytes([rng.randrange(256)])


def _program(rng: random.Random) -> bytes:
    body = b"".join(_op(rng) for _ in range(rng.randrange(1, 40)))
    return _P.PROTO + b"\x02" + body + (_P.STOP if rng.random() < 0.8 else b"")


def _valid(rng: random.Random) -> bytes:
    import tinygrad_edu as torch

    t = torch.arange(float(rng.randrange(1, 7)))
    obj: Any = rng.choice([
        t, {"w": t, "v": t[1:]}, [t, t.T if t.dim() > 1 else t, {"n": 3}],
        {"model": torch.nn.Linear(2, 1).state_dict(), "s": torch.Size([2]), "d": torch.int64},
        {"set": {1, 2}, "c": Counter("ab"), "b": b"xy", "z": 1j},
    ])  # fmt: skip
    buf = io.BytesIO()
    torch.save(obj, buf)
    return buf.getvalue()


def _mutate(rng: random.Random, data: bytes) -> bytes:
    raw = bytearray(data)
    for _ in range(rng.randrange(1, 6)):
        kind = rng.randrange(4)
        if kind == 0 and raw:
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        elif kind == 1:
            del raw[rng.randrange(len(raw) + 1) :]
        elif kind == 2:
            at = rng.randrange(len(raw) + 1)
            raw[at:at] = _op(rng)
        elif raw:
            a = rng.randrange(len(raw))
            raw[a : a + rng.randrange(8)] = b""
    return bytes(raw)


def _zipped(rng: random.Random, pkl: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("archive/data.pkl", pkl)
        for key in range(rng.randrange(3)):
            zf.writestr(f"archive/data/{key}", bytes(rng.choice([0, 1, 4, 8, 24])))
        if rng.random() < 0.2:
            zf.writestr("archive/byteorder", rng.choice([b"little", b"big", b"middle"]))
    return buf.getvalue()


def _data_pkl(data: bytes) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return zf.read("archive/data.pkl")


def hostile_files(seed: int, count: int) -> list[bytes]:
    """``count`` files, the same ones for the same seed."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        r = rng.random()
        if r < 0.35:
            data = _program(rng)
        elif r < 0.55:
            data = _zipped(rng, _program(rng))
        elif r < 0.8:
            data = _zipped(rng, _mutate(rng, _data_pkl(_valid(rng))))
        else:
            data = _mutate(rng, _valid(rng))
        out.append(data)
    return out


class HangError(Exception):
    """The load ran past its time limit."""


def _alarm(signum: int, frame: Any) -> None:
    raise HangError


def run(load: Any, data: bytes, limit: float = 10.0) -> tuple[str, float, int]:
    """(outcome, seconds, peak bytes): ``ok``, ``clean:<Error>`` for an unpickling error
    (or PyTorch's device error), ``hang`` past ``limit`` seconds, else ``internal:<Error>``."""
    old = signal.signal(signal.SIGALRM, _alarm)
    tracemalloc.start()
    start = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        load(io.BytesIO(data))
        outcome = "ok"
    except HangError:
        outcome = "hang"
    except pickle.UnpicklingError as e:
        outcome = f"clean:{type(e).__name__}"
    except RuntimeError as e:
        device = type(e).__name__ == "DeviceError"  # a storage on a GPU: PyTorch's error
        outcome = f"{'clean' if device else 'internal'}:{type(e).__name__}"
    except Exception as e:  # what we are counting
        outcome = f"internal:{type(e).__name__}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return outcome, seconds, peak


def main() -> None:
    import tinygrad_edu as torch

    # a loader that asks for gigabytes gets a MemoryError instead of the machine's memory
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, resource.getrlimit(resource.RLIMIT_AS)[1]))
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    folder = Path(sys.argv[3]) if len(sys.argv) > 3 else None
    if folder is not None and folder.is_dir() and any(folder.iterdir()):
        files = [p.read_bytes() for p in sorted(folder.glob("*.bin"))][:count]
    else:
        files = hostile_files(seed, count)
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            for i, data in enumerate(files):
                (folder / f"{i:06d}.bin").write_bytes(data)
    outcomes: Counter[str] = Counter()
    slow = big = 0
    for data in files:
        outcome, seconds, peak = run(torch.load, data)
        outcomes[outcome.split(":")[0]] += 1
        outcomes[outcome] += 1
        slow += seconds > 1.0
        big += peak > 64 * len(data) + (1 << 22)
    print(f"{len(files)} files (seed {seed}) from {torch.__file__}")
    for k, v in sorted(outcomes.items()):
        print(f"  {k}: {v}")
    print(f"  over 1 s: {slow}; peak memory over 64 x file + 4 MiB: {big}")
    print(f"  canary calls: {len(CANARY_CALLS)}")


if __name__ == "__main__":
    main()
