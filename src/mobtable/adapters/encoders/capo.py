"""Capo della Mafia's observation tensor, built from one seat's view.

Mafioso cards are indexed by id (70 with the built-in cards), Assignment and
Event cards by id; ``P`` is the player count and seats are counted from the
observer (0 = me). Counts are scaled to about [0, 1].
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mobtable.adapters.encoders.base import OTHER, Array, Encoder, Field, Part, Slots, one_hot
from mobtable.core import Config, Game
from mobtable.games.capo.view_types import CapoView, LastRound, Me

PHASES = ("play", "turn", "suspect", "over", OTHER)


def _target(choice: Any) -> int | None:
    """The seat a suspicion points at (a view may hold the action or its seat)."""
    target = getattr(choice, "target", choice)
    return target if isinstance(target, int) and not isinstance(target, bool) else None


class CapoEncoder(Encoder[CapoView]):
    game_name = "capo"

    def __init__(self, game: Game, config: Config) -> None:
        cards = game.load_cards(config.card_data)
        self.symbols: tuple[str, ...] = tuple(cards.symbols)
        self.mafiosi = len(cards.mafiosi)
        self.card_symbols = [m.symbols for m in cards.mafiosi]
        self.card_stars = [m.stars for m in cards.mafiosi]
        self.assignments = len(cards.assignments)
        self.events = len(cards.events)
        super().__init__(game, config)

    def layout(self) -> Iterable[Field]:
        p, n, s = self.players, self.mafiosi, len(self.symbols)
        a, e = self.assignments, self.events
        return (
            Field("phase", (len(PHASES),), "one-hot: play, turn, suspect, over, other"),
            Field(
                "counters",
                (6,),
                "round / 15, counter / 15, target / 30, stack / 70, "
                "assignments left / 16, events left / 10",
            ),
            Field("respect", (p,), "each seat's respect / 30"),
            Field("supply", (2,), "[limited?, respect left in the supply / 100]"),
            Field("assignment", (a,), "the face-up Assignment card"),
            Field("assignment_symbols", (s,), "the symbols it asks for (counts)"),
            Field("assignment_stars", (3,), "its choice / 3, stars / 10, max stars / 10"),
            Field("event", (e + 1,), "the face-up Event card (last slot: none)"),
            Field("next_envelope", (1,), "the next Assignment card's back shows an envelope"),
            Field("assignments_used", (a,), "Assignment cards already used"),
            Field("events_used", (e,), "Event cards already used"),
            Field("hand", (n,), "my hand, without the cards already put face down"),
            Field("hand_symbols", (s,), "symbol counts in my hand / 5"),
            Field("hand_stars", (1,), "stars in my hand / 20"),
            Field("hand_sizes", (p,), "cards in each hand / 10"),
            Field("played", (p,), "cards each seat has on the table / 7"),
            Field("face_up", (p, n), "each seat's cards turned face up"),
            Field("must_turn", (p,), "cards each seat must still turn up / 7"),
            Field("my_table", (n,), "my own cards on the table (face down or up)"),
            Field(
                "discard",
                (3, n),
                "[0]: discard seen by all, [1]: my own discards, [2]: the box (out of the game)",
            ),
            Field(
                "discard_counts",
                (p + 1,),
                "discard size / 70, then each seat's unseen discards / 10",
            ),
            Field("step", (3, p), "[0]: seats in this step, [1]: committed, [2]: still deciding"),
            Field("me", (3,), "I committed, cards I declared / 7, cards I placed / 7"),
            Field("my_choice", (2, n), "[0]: cards I placed, [1]: cards I am turning up"),
            Field("my_suspect", (p + 1,), "the seat my Suspicion card points at (last: nobody)"),
            Field(
                "last_round",
                (6, p),
                "last round: played / 7, suspected, success, "
                "respect change / 10, laid a suspicion, stars / 20",
            ),
            Field("last_suspicions", (p, p), "last round: [suspecting seat, suspected seat]"),
            Field("last_revealed", (p, n), "last round: the cards each suspected seat revealed"),
            Field("last_face_up", (p, n), "last round: the cards each seat had face up"),
        )

    def _cards(self, slot: Array, ids: Iterable[int]) -> None:
        for card in ids:
            slot[card] = 1.0

    def layout_parts(self) -> Iterable[Part]:
        return (
            Part(("phase",), ("phase",), lambda v, o: one_hot(o["phase"], PHASES, v["phase"])),
            Part(
                ("round", "counter", "target", "stack_size", "assignments_left", "events_left"),
                ("counters",),
                self._counters,
            ),
            Part(("respect",), ("respect",), self._respect),
            Part(("supply",), ("supply",), self._supply),
            Part(
                ("assignment",),
                ("assignment", "assignment_symbols", "assignment_stars"),
                self._assignment,
            ),
            Part(("event",), ("event",), self._event),
            Part(
                ("next_assignment_envelope",),
                ("next_envelope",),
                lambda v, o: o["next_envelope"].__setitem__(
                    0, float(bool(v["next_assignment_envelope"]))
                ),
            ),
            Part(
                ("assignments_used",),
                ("assignments_used",),
                lambda v, o: self._cards(o["assignments_used"], v["assignments_used"]),
            ),
            Part(
                ("events_used",),
                ("events_used",),
                lambda v, o: self._cards(o["events_used"], v["events_used"]),
            ),
            Part(("hand",), ("hand", "hand_symbols", "hand_stars"), self._hand),
            Part(("hand_sizes",), ("hand_sizes",), self._hand_sizes),
            Part(("table",), ("played", "must_turn", "face_up", "my_table"), self._table),
            Part(("discard", "box"), ("discard", "discard_counts"), self._discard),
            Part(("step",), ("step",), self._step),
            Part(("me",), ("me", "my_choice", "my_suspect"), self._me),
            Part(
                ("last_round",),
                ("last_round", "last_suspicions", "last_revealed", "last_face_up"),
                self._last,
            ),
        )

    def _counters(self, view: CapoView, out: Slots) -> None:
        out["counters"][:] = (
            view["round"] / 15,
            view["counter"] / 15,
            view["target"] / 30,
            view["stack_size"] / 70,
            view["assignments_left"] / 16,
            view["events_left"] / 10,
        )

    def _respect(self, view: CapoView, out: Slots) -> None:
        out["respect"][:] = [r / 30 for r in self.by_seat(view, view["respect"])]

    def _supply(self, view: CapoView, out: Slots) -> None:
        if view["supply"] is not None:
            out["supply"][:] = (1.0, view["supply"] / 100)

    def _assignment(self, view: CapoView, out: Slots) -> None:
        job = view["assignment"]
        out["assignment"][job["id"]] = 1.0
        for symbol in job["symbols"]:
            out["assignment_symbols"][self.symbols.index(symbol)] += 1.0
        out["assignment_stars"][:] = (job["choice"] / 3, job["stars"] / 10, job["max_stars"] / 10)

    def _event(self, view: CapoView, out: Slots) -> None:
        event = view["event"]
        out["event"][self.events if event is None else event["id"]] = 1.0

    def _hand(self, view: CapoView, out: Slots) -> None:
        hand = view["hand"] or []
        self._cards(out["hand"], hand)
        symbols, stars = out["hand_symbols"], out["hand_stars"]
        for card in hand:
            for symbol in self.card_symbols[card]:
                symbols[self.symbols.index(symbol)] += 0.2
            stars[0] += self.card_stars[card] / 20

    def _hand_sizes(self, view: CapoView, out: Slots) -> None:
        out["hand_sizes"][:] = [h / 10 for h in self.by_seat(view, view["hand_sizes"])]

    def _table(self, view: CapoView, out: Slots) -> None:
        played, must_turn, face_up = out["played"], out["must_turn"], out["face_up"]
        for r, entry in enumerate(self.by_seat(view, view["table"])):
            played[r] = (entry["played"] or 0) / 7  # None: a crew still sealed (K-23)
            must_turn[r] = entry["must_turn"] / 7
            self._cards(face_up[r], entry["face_up"])
            self._cards(out["my_table"], entry.get("cards", ()) if r == 0 else ())

    def _discard(self, view: CapoView, out: Slots) -> None:
        discard = view["discard"]
        self._cards(out["discard"][0], discard["seen"])
        self._cards(out["discard"][1], discard["mine"])
        self._cards(out["discard"][2], view["box"])
        out["discard_counts"][0] = discard["size"] / 70
        out["discard_counts"][1:] = [u / 10 for u in self.by_seat(view, discard["unseen_by_seat"])]

    def _step(self, view: CapoView, out: Slots) -> None:
        step = view["step"]
        if step is not None:
            rel = self.rel
            for row, seats in enumerate((step["seats"], step["committed"], step["waiting"])):
                for s in seats:
                    out["step"][row, rel(view, s)] = 1.0

    def _me(self, view: CapoView, out: Slots) -> None:
        me: Me = view["me"] or {"committed": False}
        out["me"][:] = (
            float(bool(me.get("committed"))),
            (me.get("declared") or 0) / 7,
            len(me.get("placed") or ()) / 7,
        )
        self._cards(out["my_choice"][0], me.get("placed") or ())
        self._cards(out["my_choice"][1], me.get("turning") or ())
        if "suspects" in me and me.get("committed"):
            target = _target(me["suspects"])
            out["my_suspect"][self.players if target is None else self.rel(view, target)] = 1.0

    def _last(self, view: CapoView, out: Slots) -> None:
        last = view["last_round"]
        if last is not None:
            self._last_round(view, last, out)

    def _last_round(self, view: CapoView, last: LastRound, out: Slots) -> None:
        rel, by_seat = self.rel, self.by_seat
        rows = out["last_round"]
        rows[0] = [x / 7 for x in by_seat(view, last["played"])]
        rows[1] = [float(bool(x)) for x in by_seat(view, last["suspected"])]
        rows[2] = [float(bool(x)) for x in by_seat(view, last["success"])]
        rows[3] = [(x or 0) / 10 for x in by_seat(view, last["change"])]
        rows[4] = [float(x is not None) for x in by_seat(view, last["laid"])]
        rows[5] = [(x or 0) / 20 for x in by_seat(view, last["stars"])]
        for r, target in enumerate(by_seat(view, last["suspicions"])):
            if isinstance(target, int) and not isinstance(target, bool):
                out["last_suspicions"][r, rel(view, target)] = 1.0
        for r, cards in enumerate(by_seat(view, last["revealed"])):
            self._cards(out["last_revealed"][r], cards or ())
        for r, cards in enumerate(by_seat(view, last["face_up"])):
            self._cards(out["last_face_up"][r], cards or ())
