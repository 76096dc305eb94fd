"""Reading card-data files (TOML) with errors that name the field at fault."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

from mobtable.core.errors import BadCardData
from mobtable.core.limits import MAX_CARD_FILE_BYTES, MAX_DEPTH, parse_toml, read_text


def read_card_file(path: str | Path) -> dict[str, Any]:
    """Parse a TOML card file; a missing, oversized or malformed file raises ``BadCardData``."""
    text = read_text(path, limit=MAX_CARD_FILE_BYTES, what="card file", error=BadCardData)
    return parse_card_text(text, source=str(path))


def parse_card_text(text: str, *, source: str = "card data") -> dict[str, Any]:
    return parse_toml(text, source, BadCardData)


def builtin_card_data(package: str, filename: str = "cards.toml") -> dict[str, Any]:
    """The card data shipped inside a game's package."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    return parse_card_text(text, source=f"{package}/{filename}")


T = TypeVar("T")


class CardSets(Generic[T]):
    """A game's validated card sets: the built-in one and users' documents, cached.

    Args:
        package: the game's package, which ships ``filename``.
        parse: validates a parsed document into the game's card set, raising
            ``BadCardData`` naming the field at fault.
    """

    def __init__(
        self, package: str, parse: Callable[[Mapping[str, Any]], T], filename: str = "cards.toml"
    ) -> None:
        self.package, self.filename, self.parse = package, filename, parse
        self._builtin: T | None = None
        self._parse_text = lru_cache(maxsize=32)(lambda text: parse(json.loads(text)))

    def builtin(self) -> T:
        if self._builtin is None:
            self._builtin = self.parse(builtin_card_data(self.package, self.filename))
        return self._builtin

    def get(self, card_data: Mapping[str, Any] | None) -> T:
        """The card set of a config's ``card_data`` (``None``: the built-in cards)."""
        if card_data is None:
            return self.builtin()
        if not isinstance(card_data, Mapping):
            raise BadCardData("card data must be a TOML document (a table)")
        try:
            text = json.dumps(card_data, sort_keys=True, default=_plain)
        except (TypeError, ValueError) as exc:
            raise BadCardData(f"card data is not plain data: {exc}") from exc
        except RecursionError:
            raise BadCardData(f"card data is nested too deeply (limit {MAX_DEPTH})") from None
        result: T = self._parse_text(text)
        return result


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"cannot read {value!r} as card data")


def require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``data[key]``, checked to be of ``kind``; else ``BadCardData`` naming ``where.key``."""
    if key not in data:
        raise BadCardData(f"{where}: missing field '{key}'")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise BadCardData(f"{where}.{key}: expected {names}, got {value!r}")
    return value
