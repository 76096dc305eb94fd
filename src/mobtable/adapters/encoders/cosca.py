"""COSCA's observation tensor, built from one seat's view.

Mobsters are indexed in card-data order (20 with the built-in cards); the row
has at most ``R`` = 11 positions; ``P`` is the player count and seats are
counted from the observer (0 = me). Counts are scaled to about [0, 1].
"""

from __future__ import annotations

from collections.abc import Iterable

from mobtable.adapters.encoders.base import OTHER, Encoder, Field, Part, Slots, one_hot
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


def dice_counts(text: str | None) -> list[int]:
    """How many dice a setting such as ``BBGS`` puts on each place."""
    counts = [0] * len(PLACES)
    for letter in (text or "").upper():
        if letter in PLACES:
            counts[PLACES.index(letter)] += 1
    return counts


class CoscaEncoder(Encoder[CoscaView]):
    game_name = "cosca"
    incremental = False
    """Between two decisions of a seat a whole step of the day passes (the row, the
    table, the supply and the decision all change): a full encoding is cheaper."""

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
        return (
            Part(("stage",), ("stage",), lambda v, o: one_hot(o["stage"], STAGES, v["stage"])),
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

    def _calendar(self, view: CoscaView, out: Slots) -> None:
        cal = view["calendar"]
        last = cal["round"] == cal["rounds"]
        out["calendar"][:] = (cal["round"] / 7, float(cal["race_today"]), float(last))
        one_hot(out["day"], DAYS, cal["day"])

    def _decision(self, view: CoscaView, out: Slots) -> None:
        decision, rel = view["decision"], self.rel
        if decision is not None:
            for s in decision["seats"]:
                out["decision"][0, rel(view, s)] = 1.0
            for s in decision["committed"]:
                out["decision"][1, rel(view, s)] = 1.0
            if "pos" in decision:
                out["fight"][decision["pos"] - 1] = 1.0
                for s in decision["fighters"]:
                    out["fight"][ROW + 1 + rel(view, s)] = 1.0

    def _row(self, view: CoscaView, out: Slots) -> None:
        rel, p, mobster = self.rel, self.players, self.mobster
        mobsters, state, loyal_slot = out["row_mobster"], out["row_state"], out["row_loyal"]
        hats, days = out["row_hats"], out["row_days"]
        for i, entry in enumerate(view["row"][:ROW]):
            m = mobster.get(entry["name"])
            if m is not None:
                mobsters[i, m] = 1.0
            state[i] = (float(entry["works_today"]), float(bool(entry["drink"])), 1.0)
            loyal = entry["loyal"]
            loyal_slot[i, p if loyal is None else rel(view, loyal)] = 1.0
            for s in entry["hats_under"]:
                hats[i, rel(view, s)] = 1.0
            for day in entry["days"]:
                days[i, DAY_INDEX.get(day, len(DAYS) - 1)] = 1.0

    def _deck(self, view: CoscaView, out: Slots) -> None:
        out["deck"][0] = view["deck_left"] / 20

    def _table(self, view: CoscaView, out: Slots) -> None:
        for r, seat in enumerate(self.by_seat(view, view["table"])):
            villa = seat["villa"]
            out["table"][r] = (
                seat["money"] / 20,
                seat["weapons"] / 20,
                seat["dice"] / 10,
                seat["mobsters"] / 10,
                seat["hats_free"] / 11,
                villa["asks_left"] / 2,
            )
            one_hot(out["villa"][r, : len(TOKENS)], TOKENS, villa["token"])
            out["villa"][r, len(TOKENS)] = float(bool(villa["die"]))

    def _supply(self, view: CoscaView, out: Slots) -> None:
        supply = view["supply"]
        if supply["limited"]:
            money, weapons, dice = supply["money"] or 0, supply["weapons"] or 0, supply["dice"] or 0
            out["supply"][:] = (1.0, money / 50, weapons / 35, dice / 29)

    def _revealed(self, view: CoscaView, out: Slots) -> None:
        revealed = view["revealed"]
        if revealed["round"] is not None:
            out["revealed_round"][0] = revealed["round"] / 7
            for r, text in enumerate(self.by_seat(view, revealed["dice"])):
                out["revealed"][r] = [c / 5 for c in dice_counts(text)]

    def _fights(self, view: CoscaView, out: Slots) -> None:
        if view["fights"]:
            self._last_fight(view, view["fights"][-1], out)

    def _mine(self, view: CoscaView, out: Slots) -> None:
        choice = view["mine"]["choice"] if view["mine"] else None
        if choice is not None:
            out["mine"][0] = 1.0
            if view["stage"] == "dice":
                out["mine"][1:] = [c / 5 for c in dice_counts(choice)]

    def _last_fight(self, view: CoscaView, fight: Fight, out: Slots) -> None:
        p, m, slot = self.players, len(self.mobsters), out["last_fight"]
        pos = fight.get("pos")
        if isinstance(pos, int) and 0 <= pos < ROW:
            slot[pos] = 1.0
        name = fight.get("mobster")
        if name in self.mobsters:
            slot[ROW + self.mobsters.index(str(name))] = 1.0
        offers = fight.get("offers")
        for seat, text in offers.items() if isinstance(offers, dict) else ():
            money, _, weapons = str(text).rstrip("w").partition("m")
            r = self.rel(view, int(seat))
            slot[ROW + m + r] = int(money or 0) / 10
            slot[ROW + m + p + r] = int(weapons or 0) / 10
        winner = fight.get("winner")
        if isinstance(winner, int) and not isinstance(winner, bool):
            slot[ROW + m + 2 * p + self.rel(view, winner)] = 1.0
