"""How often a Gangsta bot keeps a hand it is allowed to redraw (the opponent model's
``KEEP_RATE`` in ``games/gangsta/belief.py``).

    python benchmarks/redraw_keeps.py [--bot hard] [--seconds 0.1] [--deals 40]

Deals ``--deals`` tables of 3, 4 and 5 players (seeds 1000 on) and plays their redraw
decisions only: a seat the rules let redraw (fewer than two cards above 7) asks the bot, at
``--seconds`` a move for a search; the others keep. Prints the keeps and redraws of the
allowed seats per table size and the share kept over all.
"""

from __future__ import annotations

import argparse
from collections import Counter

from mobtable import games
from mobtable.bots import Decision, make
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.games.gangsta.actions import Keep
from mobtable.games.gangsta.redraw import eligible

REDRAW_PHASE = ("Keep", "Redraw")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    game = games.get("gangsta")
    kept: Counter[int] = Counter()
    allowed: Counter[int] = Counter()
    for players in (3, 4, 5):
        for index in range(args.deals):
            state = game.new_state(game.config(players), seed=1000 + index)
            state.silent = True
            while type(state.legal(seat := state.pending()[0])[0]).__name__ in REDRAW_PHASE:
                if not eligible(state, seat):  # type: ignore[arg-type]
                    state.apply(seat, state.legal(seat)[0])
                    continue
                bot = make(args.bot, "gangsta", seed=index * 10 + seat)
                if isinstance(bot, ISMCTSBot):
                    bot.budget = Budget(seconds=args.seconds)
                action = bot.choose(Decision(state, seat))
                allowed[players] += 1
                kept[players] += type(action) is Keep
                state.apply(seat, action)
    for players in sorted(allowed):
        print(
            f"{players} players: kept {kept[players]} of {allowed[players]} hands allowed to redraw"
        )
    total, keeps = sum(allowed.values()), sum(kept.values())
    print(f"{args.bot} at {args.seconds} s a move: kept {keeps} of {total} ({keeps / total:.1%})")


if __name__ == "__main__":
    main()
