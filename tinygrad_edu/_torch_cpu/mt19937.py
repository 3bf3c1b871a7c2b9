"""PyTorch's CPU random generator: a 32-bit Mersenne Twister with PyTorch's seeding and state.

``Generator`` mirrors ``torch.Generator()`` on the CPU: the same seeds give the same 32-bit words in
the same order, ``get_state()`` returns the 5056 bytes ``torch.get_rng_state()`` holds (so a state
taken from PyTorch, ``bytes(torch.get_rng_state().tolist())``, loads here and the other way round),
and it keeps the cached second value of a Box-Muller pair as PyTorch does. The distributions built
on it (``rand``, ``randn``, ``randint``, ...) live in :mod:`tinygrad_edu._torch_cpu.random`.

The core is :class:`random.Random`: CPython's generator *is* mt19937 with the same tempering, and
PyTorch seeds it with the textbook ``init_genrand`` from the low 32 bits of the seed, so setting
Python's state to PyTorch's 624 words gives PyTorch's draws, at C speed.

State layout (``CPUGeneratorImplState``, little-endian x86-64, 5056 bytes)::

    offset  size  field
    0       8     uint64 the_initial_seed
    8       4     int32  left        (draws left before the next twist, 1..624)
    12      4     int32  seeded      (1)
    16      8     uint64 next        (index of the next word, 0..624)
    24      4992  uint64 state[624]  (the 32-bit words, widened)
    5016    8     double normal_x    (unused, 0.0)
    5024    8     double normal_y    (cached double normal)
    5032    8     double normal_rho  (unused, 0.0)
    5040    4     int32  normal_is_valid, then 4 bytes padding
    5048    4     float  next_float_normal_sample
    5052    1     bool   is_next_float_normal_sample_valid, then 3 bytes padding
"""

from __future__ import annotations

import os
import random
import struct

STATE_SIZE = 5056
"""Bytes in PyTorch's CPU generator state (``torch.get_rng_state().numel()``)."""

DEFAULT_SEED = 67280421310721
"""The seed of a fresh ``torch.Generator()`` (PyTorch's ``default_rng_seed_val``)."""

_N = 624
_MASK32 = 0xFFFFFFFF
_MASK64 = 0xFFFFFFFFFFFFFFFF
_HEAD = struct.Struct("<QiiQ")
_WORDS = struct.Struct("<624Q")
_NORMAL = struct.Struct("<dddi4x")
_FLOAT = struct.Struct("<f?3x")


def seed_words(seed: int) -> tuple[int, ...]:
    """The 624 state words ``init_genrand`` makes from the low 32 bits of ``seed``."""
    x = seed & _MASK32
    words = [x]
    for i in range(1, _N):
        x = (1812433253 * (x ^ (x >> 30)) + i) & _MASK32
        words.append(x)
    return tuple(words)


def check_seed(seed: object) -> int:
    """PyTorch's ``Generator.manual_seed`` argument rules: an int (not bool) in
    [-2**63, 2**64 - 1]; a negative seed wraps to its 64-bit two's complement."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RuntimeError(f"manual_seed expected a long, but got {type(seed).__name__}")
    if not -(2**63) <= seed <= _MASK64:
        raise ValueError("Overflow when unpacking long long")
    return seed & _MASK64


def nondeterministic_seed() -> int:
    """64 bits from the OS, as PyTorch's ``getNonDeterministicRandom`` reads /dev/urandom."""
    return int.from_bytes(os.urandom(8), "little")


_DEVICE_TYPES = (
    "cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, vulkan, "
    "mps, meta, hpu, mtia, privateuseone"
)


class Generator:
    """``torch.Generator(device="cpu")``: seed, state and the raw 32/64-bit draws.

    A new generator holds PyTorch's fixed default seed (:data:`DEFAULT_SEED`), as in PyTorch.
    """

    device = "cpu"

    def __init__(self, device: object = "cpu") -> None:
        name = str(device)
        if name.split(":")[0] != "cpu":
            if name.split(":")[0] in _DEVICE_TYPES.split(", "):
                raise RuntimeError(f"tinygrad_edu has only the CPU generator, not {name!r}")
            raise RuntimeError(
                f"Expected one of {_DEVICE_TYPES} device type at start of device string: {name}"
            )
        self._rng = random.Random()
        self.manual_seed(DEFAULT_SEED)

    # -- seeding -----------------------------------------------------------------------------
    def manual_seed(self, seed: int) -> Generator:
        """Seed as ``torch.Generator.manual_seed`` (clears the cached normals); returns self."""
        seed = check_seed(seed)
        words = seed_words(seed)
        self._initial_seed = seed
        # PyTorch starts at left=1, next=0: the first draw twists; Python's index 624 does the same.
        self._rng.setstate((3, (*words, _N), None))
        self._fresh = words  # remembered only to tell "seeded, next=0" from "used up, next=624"
        self._fresh_next = 0
        self.next_double_normal: float | None = None
        self.next_float_normal: float | None = None
        return self

    def initial_seed(self) -> int:
        """The seed last given (as an unsigned 64-bit int)."""
        return self._initial_seed

    def seed(self) -> int:
        """Reseed from the OS as ``torch.Generator.seed`` and return the new seed."""
        s = nondeterministic_seed()
        self.manual_seed(s)
        return s

    # -- state -------------------------------------------------------------------------------
    def get_state(self) -> bytes:
        """The 5056 bytes of ``torch.Generator.get_state()`` (see the module docstring)."""
        pystate = self._rng.getstate()[1]
        words, index = pystate[:_N], pystate[_N]
        left = 625 - index
        nxt = index
        if index == _N and words == self._fresh:
            nxt = self._fresh_next
        dnorm = self.next_double_normal
        fnorm = self.next_float_normal
        return b"".join(
            (
                _HEAD.pack(self._initial_seed, left, 1, nxt),
                _WORDS.pack(*words),
                _NORMAL.pack(0.0, 0.0 if dnorm is None else dnorm, 0.0, dnorm is not None),
                _FLOAT.pack(0.0 if fnorm is None else fnorm, fnorm is not None),
            )
        )

    def set_state(self, state: bytes | bytearray | memoryview) -> Generator:
        """Load bytes in ``get_state()``'s layout, with PyTorch's checks and messages."""
        if not isinstance(state, (bytes, bytearray, memoryview)):
            raise TypeError(f"expected a torch.ByteTensor, but got {type(state).__name__}")
        state = bytes(state)
        if len(state) != STATE_SIZE:
            raise RuntimeError(
                f"Expected a CPUGeneratorImplState of size {STATE_SIZE} but found the input "
                f"RNG state size to be {len(state)}"
            )
        seed, left, seeded, nxt = _HEAD.unpack_from(state, 0)
        nxt &= _MASK32  # PyTorch narrows next and every word to 32 bits
        words = tuple(w & _MASK32 for w in _WORDS.unpack_from(state, _HEAD.size))
        _, normal_y, _, normal_valid = _NORMAL.unpack_from(state, _HEAD.size + _WORDS.size)
        fnorm, fvalid = _FLOAT.unpack_from(state, 5048)
        if not (seeded != 0 and 0 < left <= _N and nxt <= _N):
            raise RuntimeError("Invalid mt19937 state")
        if left == 1:
            index = _N  # the next draw twists whatever next says
        elif nxt == 625 - left:
            index = nxt
        else:
            # PyTorch itself never makes such a state (left + next == 625 after every twist);
            # Python's twister cannot read from next and twist after left-1 draws.
            raise ValueError(f"unsupported mt19937 state: left={left} with next={nxt}")
        self._rng.setstate((3, (*words, index), None))
        self._initial_seed = seed
        self._fresh = words if left == 1 else None
        self._fresh_next = nxt
        self.next_double_normal = normal_y if normal_valid else None
        self.next_float_normal = fnorm if fvalid else None
        return self

    def clone_state(self) -> Generator:
        """A new generator with this one's whole state (``torch.Generator.clone_state``)."""
        return Generator().set_state(self.get_state())

    # -- raw draws ---------------------------------------------------------------------------
    def random32(self) -> int:
        """One 32-bit word: PyTorch's ``generator->random()``."""
        return self._rng.getrandbits(32)

    def random64(self) -> int:
        """PyTorch's ``generator->random64()``: two words, the first one high."""
        # getrandbits(64) puts the first word low; PyTorch puts it high.
        v = self._rng.getrandbits(64)
        return ((v & _MASK32) << 32) | (v >> 32)

    def words32(self, n: int) -> list[int]:
        """``n`` successive 32-bit words, in draw order."""
        if n <= 0:
            return []
        # One getrandbits call puts the i-th draw in the i-th word, least significant first.
        raw = self._rng.getrandbits(32 * n).to_bytes(4 * n, "little")
        return list(struct.unpack(f"<{n}I", raw))

    def words64(self, n: int) -> list[int]:
        """``n`` successive ``random64()`` values, in draw order."""
        if n <= 0:
            return []
        w = struct.unpack(f"<{2 * n}I", self._rng.getrandbits(64 * n).to_bytes(8 * n, "little"))
        return [(w[i] << 32) | w[i + 1] for i in range(0, 2 * n, 2)]

    def __repr__(self) -> str:
        return f"<torch._C.Generator object at {id(self):#x}>"


default_generator = Generator()
"""The generator every draw uses when none is given (``torch.default_generator``)."""
default_generator.seed()  # PyTorch seeds its default generator from the OS at start-up


def manual_seed(seed: int) -> Generator:
    """``torch.manual_seed``: ``int(seed)`` first (so 1.5 and True work), then seed the default."""
    return default_generator.manual_seed(int(seed))


def initial_seed() -> int:
    """``torch.initial_seed()``."""
    return default_generator.initial_seed()


def seed() -> int:
    """``torch.seed()``: reseed the default generator from the OS; returns the seed."""
    return default_generator.seed()


def get_rng_state() -> bytes:
    """``torch.get_rng_state()`` as bytes (the tensor layer wraps them in a uint8 tensor)."""
    return default_generator.get_state()


def set_rng_state(state: bytes | bytearray | memoryview) -> None:
    """``torch.set_rng_state(state)`` from bytes."""
    default_generator.set_state(state)
