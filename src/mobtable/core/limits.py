"""Bounds on what the engine reads from outside: files, seeds, nesting, messages.

Everything a person, a client or a file hands the engine is checked against
these documented limits before anything is built from it, so bad input gets a
``MobtableError`` naming the limit instead of a crash, a long wait or a
different game from the one asked for (docs/cli.md, docs/web.md).
"""

from __future__ import annotations

import json
import reprlib
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from mobtable.core.errors import BadConfig, MobtableError

SEED_LIMIT = 2**63
"""Seeds are whole numbers ``0 <= seed < SEED_LIMIT`` (what ``Game.random_seed`` draws)."""
MAX_RECORD_BYTES = 2 * 1024 * 1024
"""A record file's size limit; a long game with custom cards is well under 100 KB."""
MAX_CARD_FILE_BYTES = 256 * 1024
"""A card file's size limit; the built-in files are under 40 KB."""
MAX_DEPTH = 32
"""How deeply lists and tables may nest in a record or card file (real ones: 6)."""

_short = reprlib.Repr()
_short.maxstring = 60
_short.maxother = 60
_short.maxlist = _short.maxtuple = _short.maxdict = _short.maxset = 8


def shown(value: object) -> str:
    """A short ``repr`` for an error message, whatever ``value`` is (huge ints included)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a number of about {value.bit_length() * 30103 // 100000} digits"
    try:
        return _short.repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"


def check_seed(seed: object, what: str = "seed") -> int:
    """``seed`` if it is a whole number in ``[0, SEED_LIMIT)``; else ``BadConfig``."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise BadConfig(
            f"{what} must be a whole number from 0 to 2^63 - 1 ({SEED_LIMIT - 1}), "
            f"not {shown(seed)}"
        )
    return seed


def read_text(path: str | Path, *, limit: int, what: str, error: type[MobtableError]) -> str:
    """A UTF-8 text file of at most ``limit`` bytes (checked before reading it)."""
    try:
        with Path(path).open("rb") as file:
            data = file.read(limit + 1)
    except OSError as exc:
        raise error(f"cannot read {what} {path}: {exc.strerror or exc}") from exc
    if len(data) > limit:
        raise error(f"{what} {path} is larger than the limit of {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{what} {path} is not UTF-8 text (byte {exc.start})") from exc


def parse_json(text: str, source: str, error: type[MobtableError]) -> Any:
    """``json.loads`` with every failure (syntax, huge numbers, nesting) as ``error``."""
    return _parsed(json.loads, text, source, "JSON", error)


def parse_toml(text: str, source: str, error: type[MobtableError]) -> dict[str, Any]:
    """``tomllib.loads`` with every failure (syntax, huge numbers, nesting) as ``error``."""
    result: dict[str, Any] = _parsed(tomllib.loads, text, source, "TOML", error)
    return result


def _parsed(
    loads: Callable[[str], Any], text: str, source: str, kind: str, error: type[MobtableError]
) -> Any:
    try:
        data = loads(text)
    except RecursionError:
        raise error(f"{source} is nested too deeply (limit {MAX_DEPTH} levels)") from None
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise error(f"{source} is not valid {kind}: {exc}") from exc
    except ValueError as exc:  # int() past Python's 4,300-digit limit
        raise error(f"{source} has a number too large to read ({exc})") from exc
    check_depth(data, source, error)
    return data


def check_depth(data: Any, source: str, error: type[MobtableError]) -> None:
    """Refuse lists and tables nested deeper than ``MAX_DEPTH`` (without recursing)."""
    level = [data]
    for _ in range(MAX_DEPTH + 1):
        level = [
            child
            for item in level
            if isinstance(item, Mapping | list | tuple)
            for child in (item.values() if isinstance(item, Mapping) else item)
        ]
        if not level:
            return
    raise error(f"{source} is nested too deeply (limit {MAX_DEPTH} levels)")
