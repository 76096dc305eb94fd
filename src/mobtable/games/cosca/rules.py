"""The table's rule options (see docs/rules/cosca.md, "Decisions"), resolved once per config."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from mobtable.core.game import Config, Option
from mobtable.games.cosca.model import WEEKDAY_CODES, Weekday

TODAY = "today"
SEED = "seed"

OPTIONS = (
    Option(
        "start_day",
        SEED,
        (SEED, TODAY, *WEEKDAY_CODES),
        "The weekday of the first round; the last round is the day before it (C-11). "
        "'seed' (the default) takes it from the table's seed, so a seeded game never depends "
        "on the clock; 'today' becomes the local weekday once, when the config is created.",
    ),
    Option(
        "supply",
        "limited",
        ("limited", "unlimited"),
        "C-01: 'limited' keeps the box's 50 money, 35 weapons and 29 dice; when the supply "
        "cannot pay everyone owed at one place, it pays them one token each in turn while it "
        "can pay all of them. 'unlimited' never runs out.",
    ),
    Option(
        "resource_ties",
        "shared",
        ("shared", "strict"),
        "C-04: 'shared' lets every player tied for the fewest money (Little Buck) or the most "
        "weapons (Roberto di Salvo) meet the condition; 'strict' needs a single player.",
    ),
    Option(
        "henrietta",
        "multiset",
        ("multiset", "symbols"),
        "C-05: 'multiset' needs 3 dice matched one-for-one by another player's dice; "
        "'symbols' needs 3 dice showing symbols that appear among another player's dice.",
    ),
)


def today_code() -> str:
    """Today's weekday in the local time zone, as a calendar code."""
    return Weekday(datetime.date.today().weekday()).code


def seeded_start(seed: int | None) -> Weekday:
    """C-11: the start weekday of a ``seed``-ed table: the seed modulo 7 (0 is Monday).

    A table built from an explicit setup without a seed starts on Monday.

    >>> seeded_start(9).code, seeded_start(None).code
    ('wed', 'mon')
    """
    return Weekday(0 if seed is None else seed % 7)


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of one table, as the rules code reads them."""

    start: Weekday
    limited_supply: bool
    strict_extremes: bool
    henrietta_symbols: bool

    @classmethod
    def of(cls, config: Config, seed: int | None = None) -> Rules:
        """The rules of a table dealt from ``seed`` (``None``: an explicit setup)."""
        values = {o.name: config.options.get(o.name, o.default) for o in OPTIONS}
        start = values["start_day"]
        if start == TODAY:  # only for a Config built by hand, not through Game.config
            start = today_code()
        return cls(
            start=seeded_start(seed) if start == SEED else Weekday.from_code(start),
            limited_supply=values["supply"] == "limited",
            strict_extremes=values["resource_ties"] == "strict",
            henrietta_symbols=values["henrietta"] == "symbols",
        )
