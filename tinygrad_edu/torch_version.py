"""``torch.torch_version``: ``TorchVersion``, the ``str`` that ``torch.__version__`` is, which
compares with version strings and tuples by version order rather than as text.

>>> from tinygrad_edu.torch_version import TorchVersion
>>> v = TorchVersion("2.13.0+cpu")
>>> v >= (2, 9), v > "2.13", v < "2.13.1", "10.0" > v, v == "2.13.0+cpu"
(True, True, True, True, True)

The version order is PEP 440's for the usual forms (release numbers, ``a``/``b``/``rc``
pre-releases, ``.post``, ``.dev``, a ``+local`` part, which sorts after the plain release).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

__all__ = ["InvalidVersion", "TorchVersion", "Version", "internal_version"]

# the PyTorch release whose behaviour tinygrad_edu follows
internal_version = "2.13.0+cpu"

_PATTERN = re.compile(
    r"^\s*v?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|rc)[-_.]?(\d*))?(?:[-_.]?post[-_.]?(\d*))?"
    r"(?:[-_.]?dev[-_.]?(\d*))?(?:\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?\s*$",
    re.IGNORECASE,
)


class InvalidVersion(ValueError):  # noqa: N818 - packaging's name, which PyTorch re-exports
    """A string that is not a version."""


class Version:
    """A parsed version, ordered as PEP 440 orders them."""

    def __init__(self, text: str) -> None:
        m = _PATTERN.match(text)
        if m is None:
            raise InvalidVersion(f"Invalid version: '{text}'")
        release, pre, pre_n, post, dev, local = m.groups()
        nums = [int(n) for n in release.split(".")]
        while len(nums) > 1 and nums[-1] == 0:
            nums.pop()
        # final releases after their pre-releases; a bare .dev before everything of its release
        if pre:
            pre_key: tuple[int, int] = ({"a": 0, "b": 1, "rc": 2}[pre.lower()], int(pre_n or 0))
        elif dev is not None and post is None:
            pre_key = (-1, 0)
        else:
            pre_key = (3, 0)
        self._key = (tuple(nums), pre_key, -1 if post is None else int(post or 0),
                     float("inf") if dev is None else int(dev or 0),
                     tuple(re.split(r"[-_.]", local.lower())) if local else ())  # fmt: skip
        self.text = text

    def __repr__(self) -> str:
        return f"<Version('{self.text}')>"

    def _cmp(self, other: Version) -> int:
        a, b = self._key, other._key
        return (a > b) - (a < b)

    def __lt__(self, other: Version) -> bool:
        return self._cmp(other) < 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Version) and self._cmp(other) == 0

    __hash__ = object.__hash__


def _convert(value: Any) -> Version:
    if isinstance(value, Version):
        return value
    if isinstance(value, str):
        return Version(value)
    if isinstance(value, Iterable):
        return Version(".".join(str(item) for item in value))
    raise InvalidVersion(value)


class TorchVersion(str):
    """A version string that compares as a version: with a string, a tuple of numbers or a
    ``Version``."""

    __slots__ = ()

    def _cmp(self, other: Any) -> int:
        try:
            return _convert(self)._cmp(_convert(other))
        except InvalidVersion:
            # not a version: compared as text, as PyTorch's falls back to str's comparison
            a, b = str(self), str(other)
            return (a > b) - (a < b)

    def __lt__(self, other: Any) -> bool:
        return self._cmp(other) < 0

    def __le__(self, other: Any) -> bool:
        return self._cmp(other) <= 0

    def __gt__(self, other: Any) -> bool:
        return self._cmp(other) > 0

    def __ge__(self, other: Any) -> bool:
        return self._cmp(other) >= 0

    def __eq__(self, other: object) -> bool:
        return self._cmp(other) == 0

    __hash__ = str.__hash__


__version__ = TorchVersion(internal_version)
