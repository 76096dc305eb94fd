"""Reading card-data files (TOML) with errors that name the field at fault."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from mobtable.core.errors import BadCardData


def read_card_file(path: str | Path) -> dict[str, Any]:
    """Parse a TOML card file; a missing or malformed file raises ``BadCardData``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BadCardData(f"cannot read card file {path}: {exc.strerror or exc}") from exc
    return parse_card_text(text, source=str(path))


def parse_card_text(text: str, *, source: str = "card data") -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadCardData(f"{source} is not valid TOML: {exc}") from exc


def builtin_card_data(package: str, filename: str = "cards.toml") -> dict[str, Any]:
    """The card data shipped inside a game's package."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    return parse_card_text(text, source=f"{package}/{filename}")


def require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``data[key]``, checked to be of ``kind``; else ``BadCardData`` naming ``where.key``."""
    if key not in data:
        raise BadCardData(f"{where}: missing field '{key}'")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise BadCardData(f"{where}.{key}: expected {names}, got {value!r}")
    return value
