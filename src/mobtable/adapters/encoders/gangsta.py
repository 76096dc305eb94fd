"""Gangsta's observation tensor, built from one seat's view.

Cards are indexed in card-data order (64 with the built-in cards: per mafia,
weak 2-9 then strong 2-9); ``P`` is the table's player count and seats are
counted from the observer (0 = me). Counts are scaled to about [0, 1].
"""

from __future__ import annotations

from collections.abc import Iterable

from mobtable.adapters.encoders.base import OTHER, Array, Encoder, Field, Slots, one_hot
from mobtable.core import Config, Game
from mobtable.games.gangsta.grid import CELL_NAMES
from mobtable.games.gangsta.view_types import GangstaView

PHASES = ("redraw", "play", "pick", "place", "over", OTHER)
VARIANTS = ("none", "reveal-one", "reveal-two", OTHER)


class GangstaEncoder(Encoder[GangstaView]):
    game_name = "gangsta"

    def __init__(self, game: Game, config: Config) -> None:
        cards = game.load_cards(config.card_data)
        self.codes: tuple[str, ...] = tuple(c.code for c in cards.cards)
        self.card = {code: i for i, code in enumerate(self.codes)}
        self.mafias: tuple[str, ...] = tuple(cards.mafia_codes)
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

    def _cards(self, slot: Array, codes: Iterable[str]) -> None:
        for code in codes:
            slot[self.card[code]] = 1.0

    def fill(self, view: GangstaView, out: Slots) -> None:
        rel = self.rel
        one_hot(out["phase"], PHASES, view["phase"])
        one_hot(out["variant"], VARIANTS, view["variant"] or "none")
        to_move = out["to_move"]
        if view["turn"] is not None and view["phase"] not in ("redraw", "over"):
            to_move[rel(view, view["turn"])] = 1.0
        redraw = view.get("redraw") or {}
        for s in redraw.get("waiting", ()):
            to_move[rel(view, s)] = 1.0
            out["redraw"][0, rel(view, s)] = 1.0
        for s in redraw.get("redrew", ()):
            out["redraw"][1, rel(view, s)] = 1.0
        self._cards(out["hand"], view["hand"] or ())
        self._cards(out["trump"], [view["trump"]])
        one_hot(out["trump_mafia"], self.mafias, view["trump_mafia"])
        grid = out["grid"]
        for cell, code in view["grid"].items():
            grid[CELL_NAMES.index(cell), self.card[code]] = 1.0
        self._cards(out["grid_cards"], view["grid"].values())
        for play in view["trick"]:
            self._cards(out["trick"][rel(view, play["seat"])], play["cards"])
        for position, s in enumerate(view["trick_order"]):
            out["trick_order"][position, rel(view, s)] = 1.0
        if view["leader"] is not None:
            out["leader"][rel(view, view["leader"])] = 1.0
        last = view["last_trick"]
        if last is not None:
            out["last_winner"][rel(view, last["winner"])] = 1.0
            for play in last["plays"]:
                self._cards(out["last_trick"][rel(view, play["seat"])], play["cards"])
        for name in ("to_place", "opened", "box", "discard"):
            self._cards(out[name], view[name])
        self._cards(out["my_redraw"], redraw.get("mine") or ())
        out["hand_sizes"][:] = [h / 16 for h in self.by_seat(view, view["hand_sizes"])]
        for s in view["absent"]:
            out["absent"][rel(view, s)] = 1.0
        for r, void in enumerate(self.by_seat(view, view["voids"])):
            for mafia in void:
                out["voids"][r, self.mafias.index(mafia)] = 1.0
        out["scores"][:] = [x / 50 for x in self.by_seat(view, view["scores"])]
        out["best_trick"][:] = [x / 10 for x in self.by_seat(view, view["best_trick"])]
        out["counters"][:] = (
            view["deck_size"] / 64,
            view["trick_points"] / 10,
            view["tricks_played"] / 20,
            view["ambush_deck_size"] / 20,
        )
        for index in view["ambush_used"]:
            out["ambush_used"][index] = 1.0
        raid = view["last_raid"]
        if raid is not None:
            out["last_raid"][raid["ambush"]] = 1.0
            for cell in raid["cells"]:
                out["raid_cells"][CELL_NAMES.index(cell)] = 1.0
            self._cards(out["raid_removed"], raid["removed"])
