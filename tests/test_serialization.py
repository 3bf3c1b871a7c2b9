"""torch.save/torch.load: PyTorch's zip format both ways, and a loader no file can hang, exhaust
or fool (issue 21's hostile files, a fuzzer over the pickle opcodes).

Files real PyTorch wrote are in tests/data/torch_files (``make torch-files`` remakes them with
``tests/torch_files.py``); the parity tests hand our files to real PyTorch.
"""

from __future__ import annotations

import io
import json
import math
import os
import pickle
import struct
import time
import tracemalloc
import zipfile
from collections import Counter, OrderedDict

import pickle_fuzz
import pytest
from torch_files import HERE, describe

import tinygrad_edu as torch
from tinygrad_edu import nn

EXPECTED = json.loads((HERE / "expected.json").read_text())


def ours(t):
    return id(t.storage_key)


def roundtrip(obj):
    buf = io.BytesIO()
    torch.save(obj, buf)
    buf.seek(0)
    return torch.load(buf)


def load_bytes(data: bytes):
    return torch.load(io.BytesIO(data))


# -- files PyTorch wrote load here ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_file_pytorch_saved_loads_as_pytorch_made_it(name):
    got = torch.load(HERE / f"{name}.pt", weights_only=True)
    assert describe(got, ours) == EXPECTED[name]


def test_views_pytorch_saved_still_share_their_storage():
    v = torch.load(HERE / "views.pt")
    v["base"][1, 2] = 100.0  # one write, seen through every view of that storage
    assert v["row"][2].item() == v["col"][1].item() == v["T"][2, 1].item() == 100.0
    assert v["flat"][6].item() == 100.0 and v["rows"][1][0, 2].item() == 100.0


def test_a_checkpoint_pytorch_saved_resumes_here():
    ck = torch.load(HERE / "adam_checkpoint.pt")
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    net.load_state_dict(ck["model"])
    opt.load_state_dict(ck["optimizer"])
    assert opt.state_dict()["state"][0]["step"].item() == 2.0
    net(torch.randn(5, 3)).pow(2).mean().backward()
    opt.step()  # the state PyTorch left is usable: the step runs, the weights move
    assert net[0].weight.tolist() != ck["model"]["0.weight"].tolist()


def test_pytorchs_legacy_format_is_refused_by_name():
    with pytest.raises(pickle.UnpicklingError, match="PyTorch's legacy format"):
        torch.load(HERE / "legacy_format.pt")


def test_files_of_the_projects_first_format_still_load():
    got = torch.load(HERE / "tinygrad_edu_v1_checkpoint.pt")
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1))
    assert got["model"]["0.weight"].tolist() == net[0].weight.tolist()
    assert isinstance(got["p"], nn.Parameter) and got["p"].requires_grad and got["step"] == 3
    assert got["ints"].dtype is torch.int64 and got["ints"].tolist() == [[1, 2]]
    assert got["empty"].shape == (0, 3) and got["scalar"].requires_grad
    assert got["f64"].dtype is torch.float64 and got["flags"].tolist() == [True, False]


# -- what save writes, load reads (float32 and float64) -----------------------------------


@pytest.fixture(params=[torch.float32, torch.float64], ids=["float32", "float64"])
def dt(request):
    """Each test twice: float32 and float64 the default dtype (modules' parameters too)."""
    torch.set_default_dtype(request.param)
    yield request.param
    torch.set_default_dtype(torch.float32)


def test_the_archive_has_pytorchs_records():
    buf = io.BytesIO()
    torch.save({"a": torch.ones(2), "b": torch.zeros(3, dtype=torch.int64)}, buf)
    with zipfile.ZipFile(buf) as zf:
        names = zf.namelist()
        assert names == ["archive/data.pkl", "archive/.format_version",
                         "archive/.storage_alignment", "archive/byteorder", "archive/data/0",
                         "archive/data/1", "archive/version",
                         "archive/.data/serialization_id"]  # fmt: skip
        assert zf.read("archive/byteorder") == b"little" and zf.read("archive/version") == b"3\n"
        assert zf.read("archive/data/0") == struct.pack("<2f", 1, 1)
        assert zf.read("archive/data/1") == bytes(24)
        for info in zf.infolist():  # storages start on 64-byte boundaries, as PyTorch's
            start = info.header_offset + 30 + len(info.filename) + len(info.extra)
            assert info.compress_type == zipfile.ZIP_STORED and start % 64 == 0


def test_views_keep_sharing_their_storage(dt):
    t = torch.arange(12, dtype=dt).reshape(3, 4)
    back = roundtrip({"t": t, "row": t[1], "T": t.T, "block": t[1:, 1:3], "e": t[0:1].expand(2, 4)})
    assert describe(back, ours) == describe(
        {"t": t, "row": t[1], "T": t.T, "block": t[1:, 1:3], "e": t[0:1].expand(2, 4)}, ours
    )
    back["t"].add_(1)
    assert back["row"].tolist() == [5, 6, 7, 8] and back["block"][0, 0].item() == 6


def test_a_view_saved_alone_keeps_its_offset_and_strides(dt):
    t = torch.arange(10, dtype=dt)[3:7]
    back = roundtrip(t)
    assert (back.storage_offset(), back.stride(), back.tolist()) == (3, (1,), [3, 4, 5, 6])
    m = torch.arange(6, dtype=dt).reshape(2, 3).t()
    assert roundtrip(m).stride() == (1, 3) and roundtrip(m).tolist() == m.tolist()


def test_parameters_state_dicts_and_optimizer_states_round_trip(dt):
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(3, 2), nn.BatchNorm1d(2), nn.Linear(2, 1))
    assert net[0].weight.dtype is dt
    opt = torch.optim.Adam(net.parameters(), lr=0.1)
    net(torch.randn(4, 3, dtype=dt)).sum().backward()
    opt.step()
    obj = {"model": net.state_dict(), "opt": opt.state_dict(), "p": net[0].weight}
    back = roundtrip(obj)
    assert describe(back, ours) == describe(obj, ours)
    assert type(back["model"]) is OrderedDict and isinstance(back["p"], nn.Parameter)
    fresh = nn.Sequential(nn.Linear(3, 2), nn.BatchNorm1d(2), nn.Linear(2, 1))
    fresh.load_state_dict(back["model"])
    assert fresh[0].weight.tolist() == net[0].weight.tolist()


def test_everything_save_accepts_load_loads():
    obj = {"size": torch.Size([2, 3]), "dtypes": [torch.float32, torch.bool, torch.bfloat16],
           "device": torch.device("cpu"), "bytes": b"\x00\xff", "set": {1, "a"},
           "complex": 1 - 2j, "bytearray": bytearray(b"ab"), "counter": Counter("aab"),
           "big": -(2**100), "floats": [math.inf, -0.0], "text": "∂x", "none": None,
           "nested": ((1,), [[], {}], {(1, 2): "ok"}),
           "ints": [torch.tensor([-3, 4], dtype=d) for d in (torch.int8, torch.int16, torch.int32,
                                                              torch.uint8)],
           "halves": [torch.tensor([0.1, 65504.0], dtype=d) for d in (torch.float16,
                                                                       torch.bfloat16)]}  # fmt: skip
    back = roundtrip(obj)
    assert describe(back, ours) == describe(obj, ours)
    assert type(back["size"]) is torch.Size and back["dtypes"][2] is torch.bfloat16


def test_shared_and_self_containing_containers_stay_as_they_were():
    t = torch.ones(2)
    shared = [1]
    loop: list = [t]
    loop.append(loop)
    back = roundtrip({"a": shared, "b": shared, "loop": loop, "tied": [t, t]})
    assert back["a"] is back["b"] and back["loop"][1] is back["loop"]
    assert back["tied"][0] is back["tied"][1] is back["loop"][0]


def test_save_refuses_what_load_would_refuse():
    for bad in (frozenset({1}), print, object(), {"d": __import__("collections").defaultdict()}):
        with pytest.raises(pickle.PicklingError, match="cannot write"):
            torch.save(bad, io.BytesIO())
    deep: list = []
    for _ in range(300):
        deep = [deep]
    with pytest.raises(pickle.PicklingError, match="nest"):
        torch.save(deep, io.BytesIO())


def test_save_is_atomic(tmp_path):
    target = tmp_path / "model.pt"
    torch.save({"w": torch.ones(2)}, target)
    before = target.read_bytes()
    with pytest.raises(pickle.PicklingError):
        torch.save({"w": torch.zeros(2), "bad": print}, target)
    assert target.read_bytes() == before  # the old file, whole
    assert sorted(os.listdir(tmp_path)) == ["model.pt"]  # and no temporary left
    with pytest.raises(pickle.PicklingError):
        torch.save(print, tmp_path / "new.pt")
    assert sorted(os.listdir(tmp_path)) == ["model.pt"]
    mode = target.stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask


# -- hostile files (issue 21) ---------------------------------------------------------------


def _zip(pkl: bytes, storages: dict[str, bytes] | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("archive/data.pkl", pkl)
        for key, raw in (storages or {}).items():
            zf.writestr(f"archive/data/{key}", raw)
    return buf.getvalue()


def _tensor_pkl(size: bytes, stride: bytes, numel: int = 1, offset: int = 0) -> bytes:
    """A data.pkl of one _rebuild_tensor_v2 call with these (pickled) size and stride."""
    return (b"\x80\x02ctorch._utils\n_rebuild_tensor_v2\n(" + b"(X\x07\x00\x00\x00storage"
            b"ctorch\nFloatStorage\nX\x01\x00\x00\x000X\x03\x00\x00\x00cpu"
            + b"J" + struct.pack("<i", numel) + b"tQ" + b"J" + struct.pack("<i", offset)
            + size + stride + b"\x89ccollections\nOrderedDict\n)RtR.")  # fmt: skip


def _clean(
    data: bytes, match: str | None = None, seconds: float = 2.0, memory: int = 8 << 20
) -> None:
    tracemalloc.start()
    start = time.perf_counter()
    with pytest.raises(pickle.UnpicklingError, match=match):
        load_bytes(data)
    took, peak = time.perf_counter() - start, tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert took < seconds and peak < memory, (took, peak)


def test_a_tiny_file_cannot_declare_a_huge_tensor():
    one = {"0": struct.pack("<f", 1.0)}
    big = b"J\x80\x96\x98\x00\x85"  # (10**7,)
    _clean(_zip(_tensor_pkl(big, b"K\x00\x85"), one), "more elements")  # stride 0
    _clean(_zip(_tensor_pkl(big, b"K\x01\x85"), one), "beyond its storage")
    _clean(_zip(_tensor_pkl(b"K\x04\x85", b"K\x01\x85", 3), {"0": bytes(12)}), "beyond")
    _clean(_zip(_tensor_pkl(b"K\x01\x85", b"K\x01\x85", 10**7), one), "holds 4 bytes")
    # the first format's 67-byte file: shape (10**7,) and no numbers at all
    old = (b"\x80\x02ctinygrad_edu.serialization\nrebuild_tensor\n(X\x07\x00\x00\x00float32"
           b"J\x80\x96\x98\x00\x85]K\x00tR.")  # fmt: skip
    _clean(old, "more elements")


def test_a_list_that_contains_itself_loads_at_once_and_stays_finite():
    start = time.perf_counter()
    got = load_bytes(b"\x80\x02]q\x00h\x00a.")
    assert got[0] is got and time.perf_counter() - start < 1
    # as a tensor's numbers in the first format, it is refused
    _clean(b"\x80\x02ctinygrad_edu.serialization\nrebuild_tensor\n(X\x07\x00\x00\x00float32"
           b"K\x01\x85]q\x00h\x00aK\x00tR.", "numbers must be")  # fmt: skip


def test_shared_nested_lists_do_not_expand():
    # L0 = [1.0]; L(k+1) = [Lk, Lk]: 2**60 numbers if expanded, 60 lists as loaded
    pkl = b"\x80\x02]q\x00G?\xf0\x00\x00\x00\x00\x00\x00a"
    for k in range(60):
        pkl += b"]q" + bytes([k + 1]) + b"(h" + bytes([k]) + b"h" + bytes([k]) + b"e"
    start = time.perf_counter()
    got = load_bytes(pkl + b".")
    assert got[0] is got[1] and time.perf_counter() - start < 1
    # the same sharing in a dict key (a tuple, hashed element by element) is refused: the
    # tuples are built in a scratch list, stored under "s", then the last one is a key
    key = b"\x80\x02}q\x00X\x01\x00\x00\x00s]K\x01\x85q\x01a"
    for k in range(1, 61):
        key += b"h" + bytes([k]) + b"h" + bytes([k]) + b"\x86q" + bytes([k + 1]) + b"a"
    _clean(key + b"sh" + bytes([61]) + b"K\x00s.", "too large to hash")


@pytest.mark.parametrize("data", [
    b"\x80\x02X\xff\xff\xff\x7f",  # a 2 GiB string in 7 bytes
    b"\x80\x02\x8b\xff\xff\xff\x7f.",  # LONG4 of 2 GiB
    b"\x80\x02\x8e\xff\xff\xff\xff\xff\xff\xff\x7f.",  # BINBYTES8
    b"\x80\x04\x95\xff\xff\xff\xff\xff\xff\xff\x7f",  # FRAME
    b"\x80\x02c__builtin__\nbytearray\nJ\x00\xe4\x0bT\x85R.",  # bytearray(1.4e9)
    b"\x80\x02r\xff\xff\xff\xffK\x01.",  # LONG_BINPUT at 2**32-1 on an empty stack
])  # fmt: skip
def test_a_few_bytes_cannot_ask_for_gigabytes(data):
    _clean(data)


def test_build_cannot_inject_attributes_or_overwrite_a_shape():
    t = _tensor_pkl(b"K\x01\x85", b"K\x01\x85")[:-1]
    one = {"0": struct.pack("<f", 1.0)}
    for state in (b"}X\x04\x00\x00\x00itemK\x07s", b"}X\x05\x00\x00\x00shapeK\x03\x85s",
                  b"}X\t\x00\x00\x00__class__K\x00s"):  # fmt: skip
        _clean(_zip(t + state + b"b.", one), "Can only build")
    od = b"\x80\x02ccollections\nOrderedDict\n)R}X\x04\x00\x00\x00keysK\x07sb."
    _clean(od, "BUILD may not set 'keys'")
    ok = load_bytes(od.replace(b"\x04\x00\x00\x00keys", b"\t\x00\x00\x00_metadata"))
    assert ok._metadata == 7 and list(ok.keys()) == []


def test_a_shape_never_holds_more_numbers_than_it_says():
    old = (b"\x80\x02ctinygrad_edu.serialization\nrebuild_tensor\n(X\x07\x00\x00\x00float32"
           b"K\x03\x85](K\x01K\x02K\x03K\x04eK\x00tR.")  # fmt: skip
    _clean(old, "needs 3 numbers")
    four = {"0": struct.pack("<4f", 1, 2, 3, 4)}  # (3,) over 4 numbers: a view of 3 of them
    got = load_bytes(_zip(_tensor_pkl(b"K\x03\x85", b"K\x01\x85", 4), four))
    assert got.tolist() == [1, 2, 3]


@pytest.mark.parametrize(("data", "match"), [
    (b"\x80\x02cos\nsystem\n.", "Unsupported global: GLOBAL os.system"),
    (b"\x80\x02c__builtin__\neval\n.", "GLOBAL builtins.eval"),
    (b"\x80\x02}K\x01a.", "Can only append to lists"),
    (b"\x80\x02]K\x01K\x02s.", "Can only SETITEM"),
    (b"\x80\x02]}b.", "Can only build"),
    (b"\x80\x02c__builtin__\nset\n)\x81.", "Can only create new object"),
    (b"\x80\x02}]K\x01s.", "unhashable"),
    (b"\x80\x02h\x05.", "Memo value not found"),
    (b"\x80\x02a.", "empty stack"),
    (b"\x80\x02e.", "MARK it never opened"),
    (b"\x80\x02" + b"(" * 1000 + b".", "too many MARKs"),
    (b"\x80\x02" + b"]" * 300 + b"a" * 299 + b".", "more than 200 deep"),
    (b"\x80\x02(X\x07\x00\x00\x00storageK\x00tQ.", "Persistent ids appear only"),
    (b"\x80\x02ctorch\ncomplex64\n.", "not supported here"),
    (b"\x80\x02ctorch\nUntypedStorage\n.", "not supported here"),
    (b"\x80\x02ctorch\ndevice\nX\x04\x00\x00\x00cuda\x85R.", "CPU only"),
    (b"\x80\x02ctorch\nSize\nX\x01\x00\x00\x00a\x85\x85R.", "must be an integer"),
    (b"\x80\x02X\x02\x00\x00\x00\xff\xfe.", "malformed"),
    (b"", "not a file torch.save wrote"),
    (b"PK\x03\x04garbage", "Not a readable zip"),
])  # fmt: skip
def test_each_bad_file_is_one_clear_unpickling_error(data, match):
    _clean(data, match)


def test_storages_are_checked_against_the_archive():
    one = {"0": struct.pack("<f", 1.0)}
    _clean(_zip(_tensor_pkl(b"K\x01\x85", b"K\x01\x85")), "has no data/0")
    _clean(_zip(_tensor_pkl(b"K\x01\x85", b"K\x01\x85", 2), one), "holds 4 bytes")
    _clean(_zip(_tensor_pkl(b"K\x01\x85", b"K\x01\x85", 1, 5), one), "beyond its storage")
    _clean(_zip(_tensor_pkl(b"K\x01\x85", b"J\xff\xff\xff\xff\x85"), one), "stride")
    _clean(_zip(_tensor_pkl(b"K\x01K\x01\x86", b"K\x01\x85"), one), "differ in length")
    bare = b"\x80\x02(X\x07\x00\x00\x00storagectorch\nFloatStorage\nX\x01\x00\x00\x000X\x03\x00\x00\x00cpuK\x01tQ."
    _clean(_zip(bare, one), "bare storage")


def test_a_storage_saved_on_a_gpu_needs_map_location():
    buf = io.BytesIO()
    torch.save(torch.ones(2), buf)
    data = buf.getvalue()
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        records = {n: zf.read(n) for n in zf.namelist()}
    pkl = records["archive/data.pkl"].replace(b"X\x03\x00\x00\x00cpu", b"X\x06\x00\x00\x00cuda:0")
    gpu = _zip(pkl, {"0": records["archive/data/0"]})
    with pytest.raises(RuntimeError, match=r"map_location=torch.device\('cpu'\)"):
        load_bytes(gpu)
    for where in ("cpu", torch.device("cpu"), {"cuda:0": "cpu"}, lambda s, loc: s):
        assert torch.load(io.BytesIO(gpu), map_location=where).tolist() == [1.0, 1.0]


def test_the_fuzzed_files_give_only_clean_errors_in_bounded_time_and_memory():
    _fuzz(seed=1, count=300)


@pytest.mark.slow
def test_many_fuzzed_files_give_only_clean_errors_in_bounded_time_and_memory():
    _fuzz(seed=2, count=40000)


def _fuzz(seed: int, count: int) -> None:
    bad = []
    for data in pickle_fuzz.hostile_files(seed, count):
        outcome, seconds, peak = pickle_fuzz.run(torch.load, data, limit=20.0)
        if (
            outcome.startswith(("internal", "hang"))
            or seconds > 5
            or peak > 64 * len(data) + (4 << 20)
        ):
            bad.append((outcome, seconds, peak, data[:80]))
    assert bad == [] and pickle_fuzz.CANARY_CALLS == []


def test_the_fuzzer_can_tell_an_internal_error():
    def fragile(f):
        return pickle.loads(f.read())  # CPython's own unpickler raises all kinds of errors

    outcomes = {pickle_fuzz.run(fragile, d)[0] for d in pickle_fuzz.hostile_files(3, 60)}
    assert any(o.startswith("internal") for o in outcomes)


def test_a_compressed_record_cannot_unpack_beyond_a_multiple_of_the_file():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("archive/data.pkl", b"\x80\x02]" + b"\x00" * (20 << 20) + b".")
    _clean(buf.getvalue(), "claims", memory=32 << 20)
    small = io.BytesIO()
    with zipfile.ZipFile(small, "w", zipfile.ZIP_DEFLATED) as zf:  # deflated, but honest
        zf.writestr("archive/data.pkl", b"\x80\x02]q\x00(K\x01K\x02e.")
    assert load_bytes(small.getvalue()) == [1, 2]


@pytest.mark.parametrize("module", [torch.serialization.__name__, *(
    f"{torch.serialization.__name__.rsplit('.', 1)[0]}.{m}"
    for m in ("_weights_only_unpickler", "_pickler", "_tensor_pickle", "_storage_codec"))])  # fmt: skip
def test_the_docstring_examples_run(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
