"""Gangsta's observation tensor, built from one seat's view.

Cards are indexed in card-data order (64 with the built-in cards: per mafia,
weak 2-9 then strong 2-9); ``P`` is the table's player count and seats are
counted from the observer (0 = me). Counts are scaled to about [0, 1].
"""

from __future__ import annotations

from collections.abc import Iterable

from mobtable.adapters.encoders.base import (
    OTHER,
    Array,
    Encoder,
    Field,
    Part,
    Slots,
    Write,
    one_hot,
)
from mobtable.core import Config, Game
from mobtable.games.gangsta.grid import CELL_NAMES
from mobtable.games.gangsta.view_types import GangstaView

PHASES = ("redraw", "play", "pick", "place", "over", OTHER)
VARIANTS = ("none", "reveal-one", "reveal-two", OTHER)
CELL_INDEX = {name: i for i, name in enumerate(CELL_NAMES)}


class GangstaEncoder(Encoder[GangstaView]):
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
        card_lists = ("to_place", "opened", "box", "discard")
        return (
            Part(("phase",), ("phase",), lambda v, o: one_hot(o["phase"], PHASES, v["phase"])),
            Part(
                ("variant",),
                ("variant",),
                lambda v, o: one_hot(o["variant"], VARIANTS, v["variant"] or "none"),
            ),
            Part(("phase", "turn", "redraw"), ("to_move", "redraw", "my_redraw"), self._to_move),
            Part(("hand",), ("hand",), lambda v, o: self._cards(o["hand"], v["hand"] or ())),
            Part(("trump",), ("trump",), lambda v, o: self._cards(o["trump"], (v["trump"],))),
            Part(
                ("trump_mafia",),
                ("trump_mafia",),
                lambda v, o: one_hot(o["trump_mafia"], self.mafias, v["trump_mafia"]),
            ),
            Part(("grid",), ("grid", "grid_cards"), self._grid),
            Part(
                ("trick", "trick_order", "leader"), ("trick", "trick_order", "leader"), self._trick
            ),
            Part(("last_trick",), ("last_trick", "last_winner"), self._last_trick),
            *(Part((n,), (n,), self._card_list(n)) for n in card_lists),
            Part(("hand_sizes", "absent", "voids"), ("hand_sizes", "absent", "voids"), self._hands),
            Part(("scores", "best_trick"), ("scores", "best_trick"), self._scores),
            Part(
                ("deck_size", "trick_points", "tricks_played", "ambush_deck_size"),
                ("counters",),
                self._counters,
            ),
            Part(("ambush_used",), ("ambush_used",), self._ambush_used),
            Part(("last_raid",), ("last_raid", "raid_cells", "raid_removed"), self._raid),
        )

    def _cards(self, slot: Array, codes: Iterable[str]) -> None:
        card = self.card
        for code in codes:
            slot[card[code]] = 1.0

    def _card_list(self, name: str) -> Write:
        def write(view: GangstaView, out: Slots) -> None:
            self._cards(out[name], view[name])  # type: ignore[literal-required]

        return write

    def _to_move(self, view: GangstaView, out: Slots) -> None:
        rel, to_move, redraw_slot = self.rel, out["to_move"], out["redraw"]
        if view["turn"] is not None and view["phase"] not in ("redraw", "over"):
            to_move[rel(view, view["turn"])] = 1.0
        redraw = view.get("redraw") or {}
        for s in redraw.get("waiting", ()):
            to_move[rel(view, s)] = 1.0
            redraw_slot[0, rel(view, s)] = 1.0
        for s in redraw.get("redrew", ()):
            redraw_slot[1, rel(view, s)] = 1.0
        self._cards(out["my_redraw"], redraw.get("mine") or ())

    def _grid(self, view: GangstaView, out: Slots) -> None:
        grid, cards, card, cell_index = out["grid"], out["grid_cards"], self.card, CELL_INDEX
        for cell, code in view["grid"].items():
            c = card[code]
            grid[cell_index[cell], c] = 1.0
            cards[c] = 1.0

    def _trick(self, view: GangstaView, out: Slots) -> None:
        rel, trick, order = self.rel, out["trick"], out["trick_order"]
        for play in view["trick"]:
            self._cards(trick[rel(view, play["seat"])], play["cards"])
        for position, s in enumerate(view["trick_order"]):
            order[position, rel(view, s)] = 1.0
        if view["leader"] is not None:
            out["leader"][rel(view, view["leader"])] = 1.0

    def _last_trick(self, view: GangstaView, out: Slots) -> None:
        last = view["last_trick"]
        if last is not None:
            rel = self.rel
            out["last_winner"][rel(view, last["winner"])] = 1.0
            for play in last["plays"]:
                self._cards(out["last_trick"][rel(view, play["seat"])], play["cards"])

    def _hands(self, view: GangstaView, out: Slots) -> None:
        rel, mafia = self.rel, self.mafia
        out["hand_sizes"][:] = [h / 16 for h in self.by_seat(view, view["hand_sizes"])]
        for s in view["absent"]:
            out["absent"][rel(view, s)] = 1.0
        voids = out["voids"]
        for r, void in enumerate(self.by_seat(view, view["voids"])):
            for letter in void:
                voids[r, mafia[letter]] = 1.0

    def _scores(self, view: GangstaView, out: Slots) -> None:
        out["scores"][:] = [x / 50 for x in self.by_seat(view, view["scores"])]
        out["best_trick"][:] = [x / 10 for x in self.by_seat(view, view["best_trick"])]

    def _counters(self, view: GangstaView, out: Slots) -> None:
        out["counters"][:] = (
            view["deck_size"] / 64,
            view["trick_points"] / 10,
            view["tricks_played"] / 20,
            view["ambush_deck_size"] / 20,
        )

    def _ambush_used(self, view: GangstaView, out: Slots) -> None:
        used = out["ambush_used"]
        for index in view["ambush_used"]:
            used[index] = 1.0

    def _raid(self, view: GangstaView, out: Slots) -> None:
        raid = view["last_raid"]
        if raid is not None:
            out["last_raid"][raid["ambush"]] = 1.0
            for cell in raid["cells"]:
                out["raid_cells"][CELL_INDEX[cell]] = 1.0
            self._cards(out["raid_removed"], raid["removed"])
