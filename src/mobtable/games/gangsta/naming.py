"""Gangsta's cards in people's words: "Yakuza 6 weak", never ``Y6W``.

A card's code (mafia letter, value, S or W) is notation and stays what a
player may type; a person reads the mafia's name, the value and the power.
The names come from the card data (a custom deck names its own mafias);
events carry the codes and, for a custom deck, the mafia names too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from types import MappingProxyType

from mobtable.games.gangsta.cards import CardSet, builtin_cards

_CODE = re.compile(r"^([A-Z])(\d{1,2})([SW])$")
_ALIAS = re.compile(r"\s*\(.*\)\s*$")


def mafia_word(name: str) -> str:
    """A mafia's short name: "Bratva (Russian)" reads "Bratva" on a card."""
    return _ALIAS.sub("", name) or name


@lru_cache(maxsize=32)
def mafia_words(cards: CardSet) -> Mapping[str, str]:
    """Mafia letter to its short name, for one card set (read-only: it is shared)."""
    return MappingProxyType(
        {
            code: mafia_word(name)
            for code, name in zip(cards.mafia_codes, cards.mafia_names, strict=True)
        }
    )


@cache
def builtin_mafias() -> Mapping[str, str]:
    return mafia_words(builtin_cards())


def card_name(code: str, mafias: Mapping[str, str] | None = None) -> str:
    """ "Y6W" -> "Yakuza 6 weak" (``mafias``: letter to name; the built-in deck's by default)."""
    match = _CODE.match(code)
    if match is None:
        raise ValueError(f"{code!r} is not a Gangsta card code")
    letter, value, power = match.groups()
    names = builtin_mafias() if mafias is None else mafias
    return f"{names.get(letter, letter)} {int(value)} {'strong' if power == 'S' else 'weak'}"


def _value(code: str) -> int:
    match = _CODE.match(code)
    if match is None:
        raise ValueError(f"{code!r} is not a Gangsta card code")
    return int(match[2])


def play_name(codes: Sequence[str], mafias: Mapping[str, str] | None = None) -> str:
    """One card, or a pair with its sum: "Yakuza 6 weak + Yakuza 8 weak (14)"."""
    names = " + ".join(card_name(c, mafias) for c in codes)
    if len(codes) < 2:
        return names
    return f"{names} ({sum(_value(c) for c in codes)})"


def mafia_of(code: str, mafias: Mapping[str, str] | None = None) -> str:
    """The short name of a card's mafia."""
    names = builtin_mafias() if mafias is None else mafias
    return names.get(code[0], code[0])
