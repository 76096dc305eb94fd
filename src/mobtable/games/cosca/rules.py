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
        "The weekday of the first day of play; the week ends on the day before it, and the day "
        "decides when the Racetrack pays and which mobsters bring an extra die. As in the box, "
        "a table starts on the day you really play ('Today', fixed when the table is made); "
        "pick a day to replay a particular week, or let the deal pick it.",
        label="First day of the week",
        decision="C-11",
        choice_labels=(
            "Picked by the deal",
            "Today",
            "Monday",
            "Tuesday",
            "Wednesday",
            "Thursday",
            "Friday",
            "Saturday",
            "Sunday",
        ),
        table_default=TODAY,
    ),
    Option(
        "supply",
        "limited",
        ("limited", "unlimited"),
        "As in the box: 50 money, 35 weapons and 29 dice. When the supply runs short, everyone "
        "owed is paid one piece at a time, as far as it can pay all of them. Or a supply that "
        "never runs out, for groups who would rather not count tokens.",
        label="Supply of money, weapons and dice",
        decision="C-01",
        choice_labels=("As in the box", "Never runs out"),
    ),
    Option(
        "resource_ties",
        "shared",
        ("shared", "strict"),
        "Who meets Little Buck (the least money) and Roberto di Salvo (the most weapons) when "
        "players are level: every tied player claims him, and they fight; or only a player "
        "alone at the top claims him, so a tie claims nothing.",
        label="Ties for the least money or the most weapons",
        decision="C-04",
        choice_labels=("Every tied player claims", "Only a player alone claims"),
    ),
    Option(
        "henrietta",
        "multiset",
        ("multiset", "symbols"),
        "How Henrietta's 3 matching dice are counted. Die for die: each of your 3 dice needs "
        "its own die of the same place among one other player's dice. By place: a die counts "
        "when its place shows anywhere among that player's dice, which is easier to meet.",
        label="Henrietta's matching dice",
        decision="C-05",
        choice_labels=("Die for die", "By place"),
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
