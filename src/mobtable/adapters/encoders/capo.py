"""Capo della Mafia's observation tensor, built from one seat's view.

Mafioso cards are indexed by id (70 with the built-in cards), Assignment and
Event cards by id; ``P`` is the player count and seats are counted from the
observer (0 = me). Counts are scaled to about [0, 1].
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from mobtable.adapters.encoders.base import OTHER, Encoder, Field, Flat, OneHot, Part, observer
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

    def _cards(self, flat: Flat, at: int, ids: Iterable[int]) -> None:
        for card in ids:
            flat[at + card] = 1.0

    def _used(self, name: str) -> Callable[[CapoView, Flat], None]:
        def write(view: CapoView, flat: Flat) -> None:
            self._cards(flat, self.at[name], view[name])  # type: ignore[literal-required]

        return write

    def layout_parts(self) -> Iterable[Part]:
        self.phase = OneHot(self.at["phase"], PHASES)
        self.symbol_at = {symbol: i for i, symbol in enumerate(self.symbols)}
        return (
            Part(("phase",), ("phase",), lambda v, f: self.phase.set(f, v["phase"])),
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
            Part(("next_assignment_envelope",), ("next_envelope",), self._envelope),
            Part(("assignments_used",), ("assignments_used",), self._used("assignments_used")),
            Part(("events_used",), ("events_used",), self._used("events_used")),
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

    def _counters(self, view: CapoView, flat: Flat) -> None:
        at = self.at["counters"]
        flat[at] = view["round"] / 15
        flat[at + 1] = view["counter"] / 15
        flat[at + 2] = view["target"] / 30
        flat[at + 3] = view["stack_size"] / 70
        flat[at + 4] = view["assignments_left"] / 16
        flat[at + 5] = view["events_left"] / 10

    def _respect(self, view: CapoView, flat: Flat) -> None:
        at, respect = self.at["respect"], view["respect"]
        for r, s in enumerate(self.orders[observer(view)]):
            flat[at + r] = respect[s] / 30

    def _supply(self, view: CapoView, flat: Flat) -> None:
        if view["supply"] is not None:
            flat[self.at["supply"]] = 1.0
            flat[self.at["supply"] + 1] = view["supply"] / 100

    def _assignment(self, view: CapoView, flat: Flat) -> None:
        job, at = view["assignment"], self.at
        flat[at["assignment"] + job["id"]] = 1.0
        symbols, symbol_at = at["assignment_symbols"], self.symbol_at
        for symbol in job["symbols"]:
            flat[symbols + symbol_at[symbol]] += 1.0
        stars = at["assignment_stars"]
        flat[stars] = job["choice"] / 3
        flat[stars + 1] = job["stars"] / 10
        flat[stars + 2] = job["max_stars"] / 10

    def _event(self, view: CapoView, flat: Flat) -> None:
        event = view["event"]
        flat[self.at["event"] + (self.events if event is None else event["id"])] = 1.0

    def _envelope(self, view: CapoView, flat: Flat) -> None:
        if view["next_assignment_envelope"]:
            flat[self.at["next_envelope"]] = 1.0

    def _hand(self, view: CapoView, flat: Flat) -> None:
        hand, at = view["hand"] or [], self.at
        self._cards(flat, at["hand"], hand)
        symbols, symbol_at, card_symbols = at["hand_symbols"], self.symbol_at, self.card_symbols
        stars, card_stars = 0, self.card_stars
        for card in hand:
            for symbol in card_symbols[card]:
                flat[symbols + symbol_at[symbol]] += 0.2
            stars += card_stars[card]
        flat[at["hand_stars"]] = stars / 20

    def _hand_sizes(self, view: CapoView, flat: Flat) -> None:
        at, sizes = self.at["hand_sizes"], view["hand_sizes"]
        for r, s in enumerate(self.orders[observer(view)]):
            flat[at + r] = sizes[s] / 10

    def _table(self, view: CapoView, flat: Flat) -> None:
        at, n, table = self.at, self.mafiosi, view["table"]
        played, must_turn, face_up = at["played"], at["must_turn"], at["face_up"]
        for r, s in enumerate(self.orders[observer(view)]):
            entry = table[s]
            flat[played + r] = (entry["played"] or 0) / 7  # None: a crew still sealed (K-23)
            flat[must_turn + r] = entry["must_turn"] / 7
            self._cards(flat, face_up + r * n, entry["face_up"])
            if r == 0:
                self._cards(flat, at["my_table"], entry.get("cards", ()))

    def _discard(self, view: CapoView, flat: Flat) -> None:
        discard, at, n = view["discard"], self.at, self.mafiosi
        self._cards(flat, at["discard"], discard["seen"])
        self._cards(flat, at["discard"] + n, discard["mine"])
        self._cards(flat, at["discard"] + 2 * n, view["box"])
        counts, unseen = at["discard_counts"], discard["unseen_by_seat"]
        flat[counts] = discard["size"] / 70
        for r, s in enumerate(self.orders[observer(view)]):
            flat[counts + 1 + r] = unseen[s] / 10

    def _step(self, view: CapoView, flat: Flat) -> None:
        step = view["step"]
        if step is not None:
            rel, at, p = self.rels[observer(view)], self.at["step"], self.players
            for row, seats in enumerate((step["seats"], step["committed"], step["waiting"])):
                for s in seats:
                    flat[at + row * p + rel[s]] = 1.0

    def _me(self, view: CapoView, flat: Flat) -> None:
        me: Me = view["me"] or {"committed": False}
        at = self.at
        if me.get("committed"):
            flat[at["me"]] = 1.0
        flat[at["me"] + 1] = (me.get("declared") or 0) / 7
        flat[at["me"] + 2] = len(me.get("placed") or ()) / 7
        self._cards(flat, at["my_choice"], me.get("placed") or ())
        self._cards(flat, at["my_choice"] + self.mafiosi, me.get("turning") or ())
        if "suspects" in me and me.get("committed"):
            target = _target(me["suspects"])
            rel = self.players if target is None else self.rels[observer(view)][target]
            flat[at["my_suspect"] + rel] = 1.0

    def _last(self, view: CapoView, flat: Flat) -> None:
        last = view["last_round"]
        if last is not None:
            self._last_round(view, last, flat)

    def _last_round(self, view: CapoView, last: LastRound, flat: Flat) -> None:
        rel, order, at, p, n = (
            self.rels[observer(view)],
            self.orders[observer(view)],
            self.at,
            self.players,
            self.mafiosi,
        )
        rows, suspicions = at["last_round"], at["last_suspicions"]
        revealed_at, face_up_at = at["last_revealed"], at["last_face_up"]
        played, suspected, success = last["played"], last["suspected"], last["success"]
        change, laid, stars = last["change"], last["laid"], last["stars"]
        targets, revealed, face_up = last["suspicions"], last["revealed"], last["face_up"]
        for r, s in enumerate(order):
            flat[rows + r] = played[s] / 7
            if suspected[s]:
                flat[rows + p + r] = 1.0
            if success[s]:
                flat[rows + 2 * p + r] = 1.0
            flat[rows + 3 * p + r] = (change[s] or 0) / 10
            if laid[s] is not None:
                flat[rows + 4 * p + r] = 1.0
            flat[rows + 5 * p + r] = (stars[s] or 0) / 20
            target = targets[s]
            if isinstance(target, int) and not isinstance(target, bool):
                flat[suspicions + r * p + rel[target]] = 1.0
            self._cards(flat, revealed_at + r * n, revealed[s] or ())
            self._cards(flat, face_up_at + r * n, face_up[s] or ())
