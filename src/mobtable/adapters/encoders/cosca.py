"""COSCA's observation tensor, built from one seat's view.

Mobsters are indexed in card-data order (20 with the built-in cards); the row
has at most ``R`` = 11 positions; ``P`` is the player count and seats are
counted from the observer (0 = me). Counts are scaled to about [0, 1].
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from mobtable.adapters.encoders.base import OTHER, Encoder, Field, Flat, OneHot, Part, observer
from mobtable.core import Config, Game
from mobtable.games.cosca.view_types import CoscaView, Fight

STAGES = ("dice", "gun", "club", "villa", "fight", "over", OTHER)
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
DAY_INDEX = {day: i for i, day in enumerate(DAYS)}
PLACES = "BGRCVS"
"""The dice letters in city order: Bank, Gun Shop, Racetrack, Club, Villa, Street."""
TOKENS = ("black", "white", "box", OTHER)
ROW = 11
"""The longest row a game can reach (5 players, 6 new days)."""


@lru_cache(maxsize=4096)
def dice_counts(text: str | None) -> tuple[tuple[int, float], ...]:
    """The places a setting such as ``BBGS`` puts dice on (their index in ``PLACES``) and
    how many there, over 5; places without a die are left out (a setting recurs all game
    long: each is counted once)."""
    counts = [0] * len(PLACES)
    for letter in (text or "").upper():
        if letter in PLACES:
            counts[PLACES.index(letter)] += 1
    return tuple((i, c / 5) for i, c in enumerate(counts) if c)


class CoscaEncoder(Encoder[CoscaView]):
    game_name = "cosca"

    def __init__(self, game: Game, config: Config) -> None:
        self.mobsters: tuple[str, ...] = tuple(m.name for m in game.load_cards(config.card_data))
        self.mobster = {name: i for i, name in reversed(list(enumerate(self.mobsters)))}
        super().__init__(game, config)

    def layout(self) -> Iterable[Field]:
        p, m, places = self.players, len(self.mobsters), len(PLACES)
        return (
            Field("stage", (len(STAGES),), "one-hot: dice, gun, club, villa, fight, over, other"),
            Field("calendar", (3,), "round / 7, racetrack pays today, last round"),
            Field("day", (len(DAYS),), "one-hot: today's weekday"),
            Field("decision", (2, p), "[0]: seats in this decision, [1]: seats committed"),
            Field("fight", (ROW + 1 + p,), "the row position fought over, then the fighters"),
            Field("row_mobster", (ROW, m), "the mobster at each row position"),
            Field("row_state", (ROW, 3), "per position: works today, drinking, present"),
            Field("row_loyal", (ROW, p + 1), "per position: its loyal seat (last: nobody)"),
            Field("row_hats", (ROW, p), "per position: the seats with a hat under it"),
            Field("row_days", (ROW, len(DAYS)), "per position: the days the mobster works"),
            Field("deck", (1,), "mobsters left in the deck / 20"),
            Field(
                "table",
                (p, 6),
                "per seat: money / 20, weapons / 20, dice / 10, "
                "mobsters / 10, free hats / 11, villa asks left / 2",
            ),
            Field("villa", (p, len(TOKENS) + 1), "per seat: villa token side, villa die taken"),
            Field("supply", (4,), "limited?, money / 50, weapons / 35, dice / 29"),
            Field("revealed", (p, places), "the dice each seat set in the last revealed round / 5"),
            Field("revealed_round", (1,), "that round / 7"),
            Field(
                "last_fight",
                (ROW + m + 3 * p,),
                "the last fight: position, mobster, "
                "money offered / 10 per seat, weapons offered / 10 per seat, winner",
            ),
            Field("mine", (1 + places,), "I committed, then my sealed dice setting / 5"),
        )

    def layout_parts(self) -> Iterable[Part]:
        at, p, m = self.at, self.players, len(self.mobsters)
        self.stage = OneHot(at["stage"], STAGES)
        self.day = OneHot(at["day"], DAYS)
        self.row_at = tuple(
            (
                at["row_mobster"] + i * m,
                at["row_state"] + i * 3,
                at["row_loyal"] + i * (p + 1),
                at["row_hats"] + i * p,
                at["row_days"] + i * len(DAYS),
            )
            for i in range(ROW)
        )
        """Per row position, where its mobster, state, loyal seat, hats and days start."""
        self.token_at = tuple(
            {token: at["villa"] + r * (len(TOKENS) + 1) + t for t, token in enumerate(TOKENS)}
            for r in range(p)
        )
        return (
            Part(("stage",), ("stage",), lambda v, f: self.stage.set(f, v["stage"])),
            Part(("calendar",), ("calendar", "day"), self._calendar),
            Part(("decision",), ("decision", "fight"), self._decision),
            Part(
                ("row",),
                ("row_mobster", "row_state", "row_loyal", "row_hats", "row_days"),
                self._row,
            ),
            Part(("deck_left",), ("deck",), self._deck),
            Part(("table",), ("table", "villa"), self._table),
            Part(("supply",), ("supply",), self._supply),
            Part(("revealed",), ("revealed", "revealed_round"), self._revealed),
            Part(("fights",), ("last_fight",), self._fights),
            Part(("mine", "stage"), ("mine",), self._mine),
        )

    def _calendar(self, view: CoscaView, flat: Flat) -> None:
        cal, at = view["calendar"], self.at["calendar"]
        flat[at] = cal["round"] / 7
        flat[at + 1] = float(cal["race_today"])
        flat[at + 2] = float(cal["round"] == cal["rounds"])
        self.day.set(flat, cal["day"])

    def _decision(self, view: CoscaView, flat: Flat) -> None:
        decision = view["decision"]
        if decision is not None:
            rel, at = self.rels[observer(view)], self.at["decision"]
            for s in decision["seats"]:
                flat[at + rel[s]] = 1.0
            at += self.players
            for s in decision["committed"]:
                flat[at + rel[s]] = 1.0
            if "pos" in decision:
                fight = self.at["fight"]
                flat[fight + decision["pos"] - 1] = 1.0
                fight += ROW + 1
                for s in decision["fighters"]:
                    flat[fight + rel[s]] = 1.0

    def _row(self, view: CoscaView, flat: Flat) -> None:
        rel, p, mobster, day_index = (
            self.rels[observer(view)],
            self.players,
            self.mobster,
            DAY_INDEX,
        )
        other_day = len(DAYS) - 1
        for (mobster_at, state, loyal_at, hats, days), entry in zip(
            self.row_at, view["row"], strict=False
        ):
            m = mobster.get(entry["name"])
            if m is not None:
                flat[mobster_at + m] = 1.0
            if entry["works_today"]:
                flat[state] = 1.0
            if entry["drink"]:
                flat[state + 1] = 1.0
            flat[state + 2] = 1.0
            loyal = entry["loyal"]
            flat[loyal_at + (p if loyal is None else rel[loyal])] = 1.0
            for s in entry["hats_under"]:
                flat[hats + rel[s]] = 1.0
            for day in entry["days"]:
                flat[days + day_index.get(day, other_day)] = 1.0

    def _deck(self, view: CoscaView, flat: Flat) -> None:
        flat[self.at["deck"]] = view["deck_left"] / 20

    def _table(self, view: CoscaView, flat: Flat) -> None:
        table, at, villa_at = view["table"], self.at["table"], self.at["villa"]
        width = len(TOKENS) + 1
        for r, s in enumerate(self.orders[observer(view)]):
            seat, row = table[s], at + 6 * r
            villa = seat["villa"]
            flat[row] = seat["money"] / 20
            flat[row + 1] = seat["weapons"] / 20
            flat[row + 2] = seat["dice"] / 10
            flat[row + 3] = seat["mobsters"] / 10
            flat[row + 4] = seat["hats_free"] / 11
            flat[row + 5] = villa["asks_left"] / 2
            token = villa["token"]
            if token is not None:
                tokens = self.token_at[r]
                flat[tokens.get(token, tokens[OTHER])] = 1.0
            if villa["die"]:
                flat[villa_at + r * width + len(TOKENS)] = 1.0

    def _supply(self, view: CoscaView, flat: Flat) -> None:
        supply = view["supply"]
        if supply["limited"]:
            at = self.at["supply"]
            flat[at] = 1.0
            flat[at + 1] = (supply["money"] or 0) / 50
            flat[at + 2] = (supply["weapons"] or 0) / 35
            flat[at + 3] = (supply["dice"] or 0) / 29

    def _revealed(self, view: CoscaView, flat: Flat) -> None:
        revealed = view["revealed"]
        if revealed["round"] is not None:
            flat[self.at["revealed_round"]] = revealed["round"] / 7
            dice, at, places = revealed["dice"], self.at["revealed"], len(PLACES)
            for r, s in enumerate(self.orders[observer(view)]):
                for i, c in dice_counts(dice[s]):
                    flat[at + r * places + i] = c

    def _fights(self, view: CoscaView, flat: Flat) -> None:
        if view["fights"]:
            self._last_fight(view, view["fights"][-1], flat)

    def _mine(self, view: CoscaView, flat: Flat) -> None:
        choice = view["mine"]["choice"] if view["mine"] else None
        if choice is not None:
            at = self.at["mine"]
            flat[at] = 1.0
            if view["stage"] == "dice":
                for i, c in dice_counts(choice):
                    flat[at + 1 + i] = c

    def _last_fight(self, view: CoscaView, fight: Fight, flat: Flat) -> None:
        p, m, at = self.players, len(self.mobsters), self.at["last_fight"]
        pos = fight.get("pos")
        if isinstance(pos, int) and 0 <= pos < ROW:
            flat[at + pos] = 1.0
        name = fight.get("mobster")
        if name in self.mobsters:
            flat[at + ROW + self.mobsters.index(str(name))] = 1.0
        offers = fight.get("offers")
        rel = self.rels[observer(view)]
        for seat, text in offers.items() if isinstance(offers, dict) else ():
            money, _, weapons = str(text).rstrip("w").partition("m")
            r = rel[int(seat)]
            flat[at + ROW + m + r] = int(money or 0) / 10
            flat[at + ROW + m + p + r] = int(weapons or 0) / 10
        winner = fight.get("winner")
        if isinstance(winner, int) and not isinstance(winner, bool):
            flat[at + ROW + m + 2 * p + rel[winner]] = 1.0
