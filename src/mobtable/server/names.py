"""Players' names: what a name may be, and that two people at a table never share one.

A name is what everyone at the table reads in the board, the log, the chat and the
results, so it is short, printable and unmistakable: 1 to 24 letters or digits (any
script), with single spaces, dots, apostrophes, hyphens or underscores between them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

NAME_MAX = 24
_NAME = re.compile(r"[^\W_](?:[.'_-]? ?[^\W_])*\.?")
RULE = (
    f"a name is 1 to {NAME_MAX} letters or digits, with single spaces, dots, apostrophes, "
    "hyphens or underscores between them"
)


def check_name(text: str) -> str:
    """``text`` as a name (NFC, surrounding spaces removed), or ``ValueError`` saying what
    a name is."""
    name = unicodedata.normalize("NFC", text).strip()
    if not name:
        raise ValueError(f"the name is empty: {RULE}")
    if len(name) > NAME_MAX:
        raise ValueError(f"the name is {len(name)} characters long: {RULE}")
    if not _NAME.fullmatch(name):
        raise ValueError(f"the name {name!r} has a character a name may not have: {RULE}")
    return name


def clash(name: str, others: Iterable[str]) -> str | None:
    """The name among ``others`` that ``name`` would be mistaken for (case ignored), if any."""
    key = name.casefold()
    return next((other for other in others if other.casefold() == key), None)
