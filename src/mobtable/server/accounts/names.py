"""What an account's name may be: a table's name (:mod:`mobtable.server.names`), in one
script, and unlike any other account's name to the eye.

Two names clash when their *keys* are equal: the name in NFKC, each letter that looks
like a Latin one (a Cyrillic or Greek look-alike) read as that letter (the Unicode
confusables table, through ``confusable_homoglyphs``), case folded, and the ASCII
look-alikes ``0``/``o``, ``1``/``l``/``i`` read as one.
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import categories, confusables

from mobtable.server.names import check_name

JAPANESE = frozenset({"HAN", "HIRAGANA", "KATAKANA"})
"""Scripts written together in one name (Japanese)."""
_ASCII_ALIKE = str.maketrans({"0": "o", "1": "l", "i": "l", "|": "l"})


def check_account_name(text: str) -> str:
    """``text`` as an account's name, or ``ValueError`` saying what is wrong with it."""
    name = check_name(text)
    scripts = categories.unique_aliases(name) - {"COMMON"}
    if len(scripts) > 1 and not scripts <= JAPANESE:
        listed = " and ".join(sorted(s.title() for s in scripts))
        raise ValueError(
            f"the name {name!r} mixes letters of several scripts ({listed}): "
            "write it in one script, so that nobody can mistake it for another name"
        )
    return name


def name_key(name: str) -> str:
    """What ``name`` looks like: two accounts may not have the same key."""
    out = []
    for ch in unicodedata.normalize("NFKC", name.strip()):
        if not ch.isascii():
            found = confusables.is_confusable(ch, preferred_aliases=["latin"])
            if found:
                ch = found[0]["homoglyphs"][0]["c"]
        out.append(ch)
    return "".join(out).casefold().translate(_ASCII_ALIKE)
