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
NAME_PATTERN = r"^\s*[^\W_](?:[.'_-]? ?[^\W_])*\.?\s*$"
r"""What a name may be, as the OpenAPI schema says it too (Python's Unicode ``\w``: letters
and digits of every script), spaces around it allowed; at most :data:`NAME_MAX` characters
as sent."""
_NAME = re.compile(NAME_PATTERN)
RULE = (
    f"a name is 1 to {NAME_MAX} letters or digits, with single spaces, dots, apostrophes, "
    "hyphens or underscores between them"
)


def check_name(text: str) -> str:
    """``text`` as a name (surrounding spaces removed, NFC), or ``ValueError`` saying what
    a name is. Checked as sent, as the schema's pattern and length say (so a letter and a
    combining accent sent apart are refused: browsers send them composed)."""
    if not text.strip():
        raise ValueError(f"the name is empty: {RULE}")
    if len(text) > NAME_MAX:
        raise ValueError(f"the name is {len(text)} characters long: {RULE}")
    if not _NAME.search(text):
        raise ValueError(f"the name {text.strip()!r} has a character a name may not have: {RULE}")
    return unicodedata.normalize("NFC", text.strip())


def clash(name: str, others: Iterable[str]) -> str | None:
    """The name among ``others`` that ``name`` would be mistaken for (case ignored), if any."""
    key = name.casefold()
    return next((other for other in others if other.casefold() == key), None)
