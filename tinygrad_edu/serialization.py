"""``torch.save`` and ``torch.load`` in PyTorch's own zip format: real PyTorch loads what
``save`` writes (``weights_only=True``), and ``load`` reads what PyTorch saved.

The file is a zip archive: ``archive/data.pkl`` (a pickle naming PyTorch's rebuild functions),
``archive/data/N`` (each storage's raw little-endian bytes), ``archive/version``,
``archive/byteorder`` and the rest of what PyTorch writes. Views keep sharing their storage.
Loading goes through ``_weights_only_unpickler.py``'s reader, never Python's: only tensors,
parameters, numbers, strings, containers, ``torch.Size``, dtypes and devices are built, every
tensor is checked against the storage really in the file, and any bad file is one
``pickle.UnpicklingError`` (what PyTorch's ``weights_only=True`` allows, whatever
``weights_only`` says). Files of the project's first format (a pickle, no zip) still load.

>>> import io
>>> import tinygrad_edu as torch
>>> buf = io.BytesIO()
>>> torch.save({"w": torch.tensor([1.0, 2.0])}, buf)
>>> _ = buf.seek(0)
>>> torch.load(buf)
{'w': tensor([1., 2.])}
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import struct
import tempfile
import zipfile
from typing import Any

from ._storage_codec import CODECS, pack, unpack
from ._tensor.device import device
from ._tensor_pickle import DeviceError, Loader, TensorWriter

__all__ = ["load", "save"]

_ARCHIVE = "archive"
_VERSION = b"3\n"  # the record version PyTorch 2.x writes
_ALIGN = 64  # storages start on 64-byte boundaries, as PyTorch aligns them (mmap=True)
# the first pickle of PyTorch's legacy (pre-1.6, or _use_new_zipfile_serialization=False) files
_LEGACY_MAGIC = 0x1950A86A20F9469CFC6C
_LEGACY_STARTS = tuple(pickle.dumps(_LEGACY_MAGIC, protocol=p)[:12] for p in range(2, 6))
_COMPRESSED_LIMIT = 64  # a compressed record may unpack to at most this times the file


def save(
    obj: Any, f: Any, pickle_module: Any = None, pickle_protocol: int = 2,
    _use_new_zipfile_serialization: bool = True, _disable_byteorder_record: bool = False,
) -> None:  # fmt: skip
    """Write ``obj`` (a tensor, a state dict, an optimizer's state, nested containers...) to
    a path or a binary file object in PyTorch's zip format. A path is written whole or not at
    all: a temporary file in the same folder, renamed over the target once complete."""
    if not _use_new_zipfile_serialization:
        raise RuntimeError("tinygrad_edu writes PyTorch's zip format only")
    data = _archive(obj, not _disable_byteorder_record)  # fails before anything is written
    if not isinstance(f, (str, os.PathLike)):
        f.write(data)
        return
    path = os.fspath(f)
    folder, name = os.path.split(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # what open() would have given the file
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _archive(obj: Any, byteorder: bool) -> bytes:
    writer = TensorWriter.pickle_of(obj)
    buf = io.BytesIO()
    records: list[tuple[str, bytes]] = [
        ("data.pkl", writer.getvalue()),
        (".format_version", b"1"),
        (".storage_alignment", str(_ALIGN).encode()),
    ]
    if byteorder:
        records.append(("byteorder", b"little"))
    records += [(f"data/{s.key}", pack(s.dtype, s.values(), "<")) for s in writer.storages]
    records.append(("version", _VERSION))
    digest = hashlib.sha256(b"".join(data for _, data in records)).digest()
    records.append((".data/serialization_id", str(int.from_bytes(digest[:16], "big"))
                    .zfill(40)[:40].encode()))  # fmt: skip
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        for name, data in records:
            info = zipfile.ZipInfo(f"{_ARCHIVE}/{name}", date_time=(1980, 1, 1, 0, 0, 0))
            # pad the local header so the record's bytes start on an aligned offset
            start = buf.tell() + 30 + len(info.filename.encode()) + 4
            pad = -start % _ALIGN
            info.extra = b"FB" + struct.pack("<H", pad) + b"Z" * pad
            zf.writestr(info, data)
    return buf.getvalue()


def load(
    f: Any, map_location: Any = None, pickle_module: Any = None, *,
    weights_only: bool | None = None, mmap: bool | None = None, **pickle_load_args: Any,
) -> Any:  # fmt: skip
    """What ``torch.save`` wrote, here or in PyTorch (its zip format). Only tensors,
    parameters and plain data are built, as PyTorch's ``weights_only=True`` builds them,
    whatever ``weights_only`` says; everything loads onto the CPU (``map_location`` may
    say so for a file saved on a GPU)."""
    if isinstance(f, (str, os.PathLike)):
        with open(f, "rb") as src:
            data = src.read()
    else:
        data = f.read()
    if not isinstance(data, bytes):
        raise TypeError(f"torch.load needs a binary file, got {type(data).__name__} from read()")
    if data[:4] == b"PK\x03\x04":
        return _load_zip(data, map_location)
    if data.startswith(_LEGACY_STARTS):
        raise pickle.UnpicklingError(
            "This file is in PyTorch's legacy format (written by PyTorch before 1.6, or with "
            "torch.save(..., _use_new_zipfile_serialization=False)), which tinygrad_edu does "
            "not read. Load it in PyTorch and save it again with torch.save (the zip format)."
        )
    if data[:2] == b"\x80\x02":  # the project's first format: a bare protocol-2 pickle
        return Loader(data, file_size=len(data)).load()
    raise pickle.UnpicklingError(
        "Weights only load failed. This is not a file torch.save wrote: neither PyTorch's zip "
        "format nor tinygrad_edu's first format."
    )


def _load_zip(data: bytes, map_location: Any) -> Any:
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
        infos = zf.infolist()
    except Exception as e:  # zipfile's errors for a broken archive vary
        raise pickle.UnpicklingError(f"Weights only load failed. Not a readable zip: {e}") from e
    if not infos or "/" not in infos[0].filename:
        raise pickle.UnpicklingError("Weights only load failed. The archive has no folder.")
    prefix = infos[0].filename.split("/", 1)[0] + "/"
    records = {i.filename[len(prefix) :]: i for i in infos if i.filename.startswith(prefix)}

    def read(name: str) -> bytes:
        info = records.get(name)
        if info is None:
            raise pickle.UnpicklingError(f"Weights only load failed. The archive has no {name}.")
        limit = len(data) * (1 if info.compress_type == zipfile.ZIP_STORED else _COMPRESSED_LIMIT)
        if info.file_size > limit:
            raise pickle.UnpicklingError(
                f"Weights only load failed. Record {name} claims {info.file_size} bytes."
            )
        try:
            with zf.open(info) as src:
                raw = src.read(limit + 1)
        except Exception as e:  # a bad CRC, method, password, header...
            raise pickle.UnpicklingError(f"Weights only load failed. Record {name}: {e}") from e
        if len(raw) != info.file_size:
            raise pickle.UnpicklingError(f"Weights only load failed. Record {name} is cut short.")
        return raw

    if "constants.pkl" in records:
        raise pickle.UnpicklingError(
            "This is a TorchScript archive (torch.jit.save), which torch.load does not read."
        )
    order = read("byteorder") if "byteorder" in records else b"little"
    if order not in (b"little", b"big"):
        raise pickle.UnpicklingError(f"Weights only load failed. Unknown byte order {order!r}.")

    def storage(key: str, dtype: Any, numel: int) -> list[float]:
        raw = read(f"data/{key}")
        if len(raw) != numel * CODECS[dtype.name][1]:
            raise pickle.UnpicklingError(
                f"Weights only load failed. Storage {key} holds {len(raw)} bytes, not the "
                f"{numel} elements of {dtype} its tensors need."
            )
        return unpack(dtype, raw, "<" if order == b"little" else ">")

    loader = Loader(read("data.pkl"), file_size=len(data), storage=storage,
                    location=lambda loc: _location(loc, map_location))  # fmt: skip
    return loader.load()


def _location(saved: str, map_location: Any) -> None:
    if map_location is None:
        where = saved
    elif isinstance(map_location, dict):
        where = str(map_location.get(saved, saved))
    elif isinstance(map_location, (str, device)):
        where = str(map_location)
    else:  # a function: this package has only the CPU to map onto
        where = "cpu"
    if where.split(":")[0] == "cpu":
        return
    if map_location is None:
        kind = saved.split(":")[0]
        raise DeviceError(  # PyTorch's words for CUDA; the same advice for any other device
            f"Attempting to deserialize object on a {kind.upper()} device but "
            f"torch.{kind}.is_available() is False. If you are running on a CPU-only machine, "
            "please use torch.load with map_location=torch.device('cpu') to map your storages "
            "to the CPU."
        )
    raise DeviceError(f"tinygrad_edu runs on the CPU only, not on {where!r}")
