"""Gangsta's observation tensor, built from one seat's view.

Cards are indexed in card-data order (64 with the built-in cards: per mafia,
weak 2-9 then strong 2-9); ``P`` is the table's player count and seats are
counted from the observer (0 = me). Counts are scaled to about [0, 1].
"""

from __future__ import annotations

from collections.abc import Iterable

from mobtable.adapters.encoders.base import (
    OTHER,
    Encoder,
    Field,
    Flat,
    OneHot,
    Part,
    positions,
)
from mobtable.core import Config, Game
from mobtable.games.gangsta.grid import CELL_NAMES
from mobtable.games.gangsta.view_types import GangstaView

PHASES = ("redraw", "play", "pick", "place", "over", OTHER)
VARIANTS = ("none", "reveal-one", "reveal-two", OTHER)
CELL_INDEX = {name: i for i, name in enumerate(CELL_NAMES)}
CARD_LISTS = ("to_place", "opened", "box", "discard")
"""The view's public card lists, each a field of its own."""


class GangstaEncoder(Encoder[GangstaView]):
    """Gangsta's encoder. Its parts read the observer as ``view["seat"]``: ``encode`` has
    refused a spectator's view already."""

    game_name = "gangsta"

    def __init__(self, game: Game, config: Config) -> None:
        cards = game.load_cards(config.card_data)
        self.codes: tuple[str, ...] = tuple(c.code for c in cards.cards)
        self.card = {code: i for i, code in enumerate(self.codes)}
        self.mafias: tuple[str, ...] = tuple(cards.mafia_codes)
        self.mafia = {letter: m for m, letter in enumerate(self.mafias)}
        self.ambush = len(cards.ambush)
        super().__init__(game, config)

    def layout(self) -> Iterable[Field]:
        p, n, m, a, cells = self.players, len(self.codes), len(self.mafias), self.ambush, 25
        return (
            Field("phase", (len(PHASES),), "one-hot: redraw, play, pick, place, over, other"),
            Field("variant", (len(VARIANTS),), "one-hot: none, reveal-one, reveal-two, other"),
            Field("to_move", (p,), "seats asked to decide now (the trick's turn, redraws)"),
            Field("hand", (n,), "my hand (multi-hot over cards)"),
            Field("trump", (n,), "the trump card"),
            Field("trump_mafia", (m,), "the trump mafia"),
            Field("grid", (cells, n), "the card lying on each cell A1..E5"),
            Field("grid_cards", (n,), "every card on the grid"),
            Field("trick", (p, n), "cards each seat has put into the trick under way"),
            Field("trick_order", (p, p), "[position, seat]: the playing order of this trick"),
            Field("leader", (p,), "the seat that leads this trick"),
            Field("last_trick", (p, n), "cards each seat played in the last trick"),
            Field("last_winner", (p,), "the winner of the last trick"),
            Field("to_place", (n,), "cards won and waiting to be placed"),
            Field("opened", (n,), "cards opened (reveal variants)"),
            Field("box", (n,), "cards out of the game, face up"),
            Field("discard", (n,), "the public discard"),
            Field("my_redraw", (n,), "the three cards I discarded in a redraw"),
            Field("hand_sizes", (p,), "cards in each hand / 16"),
            Field("absent", (p,), "seats whose hand is empty"),
            Field("voids", (p, m), "mafias each seat is known to be void in"),
            Field("scores", (p,), "points / 50"),
            Field("best_trick", (p,), "each seat's best trick points / 10"),
            Field("counters", (4,), "deck / 64, trick points / 10, tricks / 20, ambush deck / 20"),
            Field("ambush_used", (a,), "ambush cards already used"),
            Field("last_raid", (a,), "the ambush card of the last raid"),
            Field("raid_cells", (cells,), "the cells the last raid swept"),
            Field("raid_removed", (n,), "cards the last raid removed"),
            Field("redraw", (2, p), "[0]: seats still asked to redraw, [1]: seats that redrew"),
        )

    def layout_parts(self) -> Iterable[Part]:
        at, codes, p, n = self.at, self.codes, self.players, len(self.codes)
        self.phase = OneHot(at["phase"], PHASES)
        self.variant = OneHot(at["variant"], VARIANTS)
        self.trump_mafia = OneHot(at["trump_mafia"], self.mafias)
        over_cards = ("hand", "trump", "grid_cards", "to_place", "opened", "box", "discard")
        self.card_at = {
            name: positions(at[name], codes) for name in (*over_cards, "my_redraw", "raid_removed")
        }
        """For each field over cards, each card code's position."""
        self.seat_cards = {
            name: tuple(positions(at[name] + r * n, codes) for r in range(p))
            for name in ("trick", "last_trick")
        }
        """For each field over seats and cards, per relative seat, each code's position."""
        self.cell_at = {cell: at["grid"] + i * n for i, cell in enumerate(CELL_NAMES)}
        self.mafia_at = {letter: m for m, letter in enumerate(self.mafias)}
        self.counters_at = at["counters"]
        return (
            Part(
                ("phase", "variant", "hand", "trump", "trump_mafia", "turn", "redraw"),
                (
                    *("phase", "variant", "hand", "trump", "trump_mafia"),
                    *("to_move", "redraw", "my_redraw"),
                ),
                self._header,
            ),
            Part(("grid", *CARD_LISTS), ("grid", "grid_cards", *CARD_LISTS), self._cards_out),
            Part(
                ("trick", "trick_order", "leader", "last_trick"),
                ("trick", "trick_order", "leader", "last_trick", "last_winner"),
                self._tricks,
            ),
            Part(
                ("hand_sizes", "absent", "voids", "scores", "best_trick"),
                ("hand_sizes", "absent", "voids", "scores", "best_trick"),
                self._seats,
            ),
            Part(
                ("deck_size", "trick_points", "tricks_played", "ambush_deck_size", "ambush_used"),
                ("counters", "ambush_used"),
                self._counters,
            ),
            Part(("last_raid",), ("last_raid", "raid_cells", "raid_removed"), self._raid),
        )

    def _cards(self, flat: Flat, name: str, codes: Iterable[str]) -> None:
        at = self.card_at[name]
        for code in codes:
            flat[at[code]] = 1.0

    def _header(self, view: GangstaView, flat: Flat) -> None:
        """The one-value fields, the hand and who is asked to move (one call for all: a
        part's call costs about as much as a field's writes)."""
        self.phase.set(flat, view["phase"])
        self.variant.set(flat, view["variant"] or "none")
        self.trump_mafia.set(flat, view["trump_mafia"])
        card_at = self.card_at
        flat[card_at["trump"][view["trump"]]] = 1.0
        at = card_at["hand"]
        for code in view["hand"] or ():
            flat[at[code]] = 1.0
        rel, at_field = self.rels[view["seat"]], self.at  # type: ignore[index]
        to_move, redraw_at = at_field["to_move"], at_field["redraw"]
        if view["turn"] is not None and view["phase"] not in ("redraw", "over"):
            flat[to_move + rel[view["turn"]]] = 1.0
        redraw = view["redraw"]
        for s in redraw["waiting"]:
            flat[to_move + rel[s]] = 1.0
            flat[redraw_at + rel[s]] = 1.0
        redrew_at = redraw_at + self.players
        for s in redraw["redrew"]:
            flat[redrew_at + rel[s]] = 1.0
        at = card_at["my_redraw"]
        for code in redraw["mine"] or ():
            flat[at[code]] = 1.0

    def _cards_out(self, view: GangstaView, flat: Flat) -> None:
        """The grid and the public card lists."""
        cell_at, card, grid_cards = self.cell_at, self.card, self.at["grid_cards"]
        for cell, code in view["grid"].items():
            c = card[code]
            flat[cell_at[cell] + c] = 1.0
            flat[grid_cards + c] = 1.0
        card_at = self.card_at
        for name in CARD_LISTS:
            at = card_at[name]
            for code in view[name]:  # type: ignore[literal-required]
                flat[at[code]] = 1.0

    def _tricks(self, view: GangstaView, flat: Flat) -> None:
        """The trick under way and the last one."""
        rel, p = self.rels[view["seat"]], self.players  # type: ignore[index]
        seats = self.seat_cards["trick"]
        for play in view["trick"]:
            at = seats[rel[play["seat"]]]
            for code in play["cards"]:
                flat[at[code]] = 1.0
        order = self.at["trick_order"]
        for position, s in enumerate(view["trick_order"]):
            flat[order + position * p + rel[s]] = 1.0
        if view["leader"] is not None:
            flat[self.at["leader"] + rel[view["leader"]]] = 1.0
        last = view["last_trick"]
        if last is not None:
            flat[self.at["last_winner"] + rel[last["winner"]]] = 1.0
            seats = self.seat_cards["last_trick"]
            for play in last["plays"]:
                at = seats[rel[play["seat"]]]
                for code in play["cards"]:
                    flat[at[code]] = 1.0

    def _seats(self, view: GangstaView, flat: Flat) -> None:
        """What is known of each seat: its hand's size and voids, its points."""
        me: int = view["seat"]  # type: ignore[assignment]
        rel, at = self.rels[me], self.at
        sizes, voids, scores, best = (
            view["hand_sizes"],
            view["voids"],
            view["scores"],
            view["best_trick"],
        )
        hand_sizes, voids_at, scores_at, best_at = (
            at["hand_sizes"],
            at["voids"],
            at["scores"],
            at["best_trick"],
        )
        m, mafia = len(self.mafias), self.mafia_at
        for r, s in enumerate(self.orders[me]):
            flat[hand_sizes + r] = sizes[s] / 16
            flat[scores_at + r] = scores[s] / 50
            flat[best_at + r] = best[s] / 10
            for letter in voids[s]:
                flat[voids_at + r * m + mafia[letter]] = 1.0
        absent = at["absent"]
        for s in view["absent"]:
            flat[absent + rel[s]] = 1.0

    def _counters(self, view: GangstaView, flat: Flat) -> None:
        at = self.counters_at
        flat[at] = view["deck_size"] / 64
        flat[at + 1] = view["trick_points"] / 10
        flat[at + 2] = view["tricks_played"] / 20
        flat[at + 3] = view["ambush_deck_size"] / 20
        at = self.at["ambush_used"]
        for index in view["ambush_used"]:
            flat[at + index] = 1.0

    def _raid(self, view: GangstaView, flat: Flat) -> None:
        raid = view["last_raid"]
        if raid is not None:
            at = self.at
            flat[at["last_raid"] + raid["ambush"]] = 1.0
            cells = at["raid_cells"]
            for cell in raid["cells"]:
                flat[cells + CELL_INDEX[cell]] = 1.0
            self._cards(flat, "raid_removed", raid["removed"])
