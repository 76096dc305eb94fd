"""``expert`` against ``hard`` at equal time per move, paired by deal; and a rating ladder.

    python benchmarks/expert_match.py match [--games gangsta cosca capo] [--n 24] [--seconds 0.1]
        [--belief fresh_share=0.5 [--belief pool=96 ...] | --belief off]
        [--selection score_weight=0.1 ...] [--hand-evaluator] [--horizon 2]
    python benchmarks/expert_match.py ladder [--games ...] [--n 10] [--time-scale 0.1]
    python benchmarks/expert_match.py compare RUN.txt BASE.txt

``match``: half the seats play ``expert``, half ``hard`` (odd tables: Capo's five seats are 3
against 2), both with the same time per move (``--seconds``, no iteration cap: the expert's
opponent model is paid from its own time). Each deal is played twice, the seats swapped (in
the first game ``expert`` takes the even seats, in the second the odd ones; with five seats
each level has three seats once), so a deal's luck falls on both levels alike. A win shared by
``k`` seats counts ``1/k`` to each; ``expert``'s share of a game is the sum over its seats, and
equal strength gives 50% (Capo: 60% and 40% in a deal's two games). Printed: ``expert``'s mean
share with a 95% t interval over the deals (each deal's two games averaged: paired), and the
Wilson interval over games (``strength.wilson``) for comparison.

``ladder``: a round robin of every level (random, easy, medium, hard, expert): each game seats a
different line-up of the levels (every choice of as many levels as seats, the seats rotated),
and openskill's Plackett-Luce model (``mobtable.sim.ratings``, as the lab rates bots) rates
them from the final ranks; printed with ``mu ± 1.96 sigma``. ``--time-scale`` multiplies the
search levels' budgets (iterations and seconds) for quick pilots.

``compare``: two saved match outputs (stdout and stderr, as under ``benchmarks/results/``) of
the same deals (the same ``--seed``): ``expert``'s share in each, and the difference paired by
deal with a 95% t interval.

Every table seed and bot seed derives from ``--seed``: with iteration budgets a run is
reproducible; with time budgets only up to timing.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pandas as pd
from scipy import stats

from mobtable import games
from mobtable.bots import Bot, make
from mobtable.bots.search import Budget, ISMCTSBot, Selection
from mobtable.bots.search.arena import play
from mobtable.bots.search.belief import BeliefParams
from mobtable.sim.ratings import rate

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength import players_for, wilson

LEVELS = ("random", "easy", "medium", "hard", "expert")
GAMES = ("gangsta", "cosca", "capo")


def level_bot(name: str, game: str, seed: int, seconds: float | None, scale: float) -> Bot:
    """A level's bot; a search level with ``seconds`` per move (no iteration cap) if given,
    else its own budget times ``scale``."""
    bot = make(name, game, seed=seed)
    if isinstance(bot, ISMCTSBot):
        if seconds is not None:
            bot.budget = Budget(seconds=seconds)
        elif scale != 1.0:
            budget = bot.budget
            steps = budget.iterations
            iterations = None if steps is None else max(1, int(steps * scale))
            cap = None if budget.seconds is None else budget.seconds * scale
            bot.budget = replace(budget, iterations=iterations, seconds=cap)
    return bot


def with_belief(bot: Bot, overrides: dict[str, float] | None) -> Bot:
    """``bot`` with its opponent model's settings changed (``--belief KEY=VALUE``), or without
    its opponent model (``None``: ``--belief off``, the learned evaluator alone)."""
    if isinstance(bot, ISMCTSBot) and bot.belief is not None:
        if overrides is None:
            bot.belief = None
        elif overrides:
            bot.belief = replace(bot.belief, **overrides)  # type: ignore[arg-type]
    return bot


def overrides(pairs: Sequence[str], settings: type, flag: str) -> dict[str, float]:
    """``KEY=VALUE`` pairs naming fields of the dataclass ``settings``, as numbers of the
    field's type (``flag``: the option that gave them, for the error)."""
    fields = {f.name: f.type for f in dataclasses.fields(settings)}
    found: dict[str, float] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key not in fields or not value:
            raise SystemExit(f"Error: {flag} wants KEY=VALUE with KEY one of {', '.join(fields)}")
        found[key] = int(value) if fields[key] in (int, "int") else float(value)
    return found


def belief_overrides(pairs: Sequence[str]) -> dict[str, float] | None:
    """``--belief`` pairs naming :class:`BeliefParams` fields; ``None`` for ``off``."""
    if list(pairs) == ["off"]:
        return None
    return overrides(pairs, BeliefParams, "--belief")


def with_evaluator(bot: Bot, hand: bool, horizon: int | None) -> Bot:
    """``bot`` scoring its leaves with the game's hand-written evaluator instead of its
    learned one (``--hand-evaluator``), and stopping its rollouts ``horizon`` steps of the
    game's progress past the leaf (``--horizon``; ``None``: the evaluator's own)."""
    if isinstance(bot, ISMCTSBot):
        if hand:
            bot.learned = False
        if horizon is not None:
            bot.horizon = horizon
    return bot


def with_selection(bot: Bot, changes: dict[str, float]) -> Bot:
    """``bot`` with its search's selection settings changed (``--selection KEY=VALUE``)."""
    if isinstance(bot, ISMCTSBot) and changes:
        bot.params = replace(bot.params, **changes)  # type: ignore[arg-type]
    return bot


def match(
    game_names: Sequence[str],
    n: int,
    seconds: float,
    seed: int,
    belief: dict[str, float] | None,
    selection: dict[str, float] | None = None,
    hand_evaluator: bool = False,
    horizon: int | None = None,
) -> None:
    selection = selection or {}
    if belief is None:
        changed = ", expert without its opponent model"
    else:
        changed = "".join(f", expert's {k} = {v}" for k, v in belief.items())
    changed += "".join(f", expert's search {k} = {v}" for k, v in selection.items())
    if hand_evaluator:
        changed += ", expert with the hand-written evaluator"
    if horizon is not None:
        changed += f", expert's rollouts stopped {horizon} steps of progress past the leaf"
    print(
        f"expert vs hard, {seconds} s a move, seed {seed}, the seats swapped on each deal{changed}"
    )
    print()
    print(
        "| game | players | games (deals) | expert's share | 95% t interval (paired by deal)"
        " | Wilson over games | s/game |"
    )
    print("|---|---:|---:|---:|---|---|---:|", flush=True)
    for name in game_names:
        game = games.get(name)
        players = players_for(name)
        config = game.config(players)
        deals = max(1, n // 2)
        per_deal: list[float] = []
        total = 0.0
        start = time.perf_counter()
        for deal in range(deals):
            table_seed = seed * 1_000_003 + deal
            shares = []
            for swap in (0, 1):
                expert_seats = [s for s in range(players) if s % 2 == swap]
                lineup = [
                    level_bot(
                        "expert" if s in expert_seats else "hard",
                        name,
                        table_seed * 31 + s + 7 * swap,
                        seconds,
                        1.0,
                    )
                    for s in range(players)
                ]
                for s in expert_seats:
                    bot = with_evaluator(with_belief(lineup[s], belief), hand_evaluator, horizon)
                    lineup[s] = with_selection(bot, selection)
                outcome = play(game, config, lineup, seed=table_seed)
                shares.append(sum(outcome.share(s) for s in expert_seats))
            per_deal.append(sum(shares) / 2)
            total += sum(shares)
            print(f"  {name} deal {deal}: expert's shares {shares}", file=sys.stderr, flush=True)
        games_played = 2 * deals
        mean = total / games_played
        if deals > 1 and len(set(per_deal)) > 1:
            low, high = stats.ttest_1samp(per_deal, 0.5).confidence_interval(0.95)
            paired = f"{max(0.0, low):.1%}-{min(1.0, high):.1%}"
        else:
            paired = "none (every deal alike)"
        w_low, w_high = wilson(total, games_played)
        spent = (time.perf_counter() - start) / games_played
        print(
            f"| {name} | {players} | {games_played} ({deals}) | {mean:.1%} | {paired} | "
            f"{w_low:.1%}-{w_high:.1%} | {spent:.1f} |",
            flush=True,
        )


def ladder(game_names: Sequence[str], n: int, scale: float, seed: int) -> None:
    print(f"round robin of {', '.join(LEVELS)}; search budgets x{scale}; seed {seed}")
    for name in game_names:
        game = games.get(name)
        players = players_for(name)
        config = game.config(players)
        lineups = [list(c) for c in itertools.combinations(LEVELS, min(players, len(LEVELS)))]
        rows = []
        start = time.perf_counter()
        for index in range(n):
            lineup = lineups[index % len(lineups)]
            turn = (index // len(lineups)) % players
            seated = lineup[turn:] + lineup[:turn]
            while len(seated) < players:  # more seats than levels: repeat from the top
                seated.append(LEVELS[-1 - (len(seated) - len(LEVELS))])
            table_seed = seed * 1_000_003 + index
            bots = [
                level_bot(level, name, table_seed * 31 + s, None, scale)
                for s, level in enumerate(seated)
            ]
            outcome = play(game, config, bots, seed=table_seed)
            for seat, level in enumerate(seated):
                rows.append(
                    {
                        "game_index": index,
                        "seat": seat,
                        "bot": level,
                        "rank": outcome.result.ranks[seat],
                        "win": outcome.share(seat),
                    }
                )
            print(f"  {name} game {index}: {seated} ranks {outcome.result.ranks}", file=sys.stderr)
        frame = pd.DataFrame(rows)
        ratings = rate(frame)
        wins = frame.groupby("bot")["win"].sum()
        spent = (time.perf_counter() - start) / n
        print()
        print(f"{name}, {players} players, {n} games, {spent:.1f} s/game")
        print()
        print(
            "| level | mu | 95% interval (mu ± 1.96 sigma) | ordinal (mu - 3 sigma) | games "
            f"| wins (a shared win 1/k; fair {1 / players:.0%}) |"
        )
        print("|---|---:|---|---:|---:|---:|")
        for r in ratings:
            low, high = wilson(wins[r.bot], r.games)
            print(
                f"| {r.bot} | {r.mu:.1f} | {r.mu - 1.96 * r.sigma:.1f} to "
                f"{r.mu + 1.96 * r.sigma:.1f} | {r.ordinal:.1f} | {r.games} "
                f"| {wins[r.bot] / r.games:.1%} ({low:.1%}-{high:.1%}) |",
                flush=True,
            )


DEAL_LINE = re.compile(r"(\w+) deal (\d+): expert's shares \[([^\]]*)\]")


def deal_shares(path: Path) -> dict[tuple[str, int], float]:
    """Each deal's mean share of ``expert`` in a saved match output, by (game, deal)."""
    shares = {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SystemExit(f"Error: cannot read {path}: {exc}") from None
    for line in text.splitlines():
        found = DEAL_LINE.search(line)
        if found:
            games_shares = [float(x) for x in found.group(3).split(",")]
            shares[found.group(1), int(found.group(2))] = sum(games_shares) / len(games_shares)
    return shares


def compare(run: Path, base: Path) -> None:
    ours, theirs = deal_shares(run), deal_shares(base)
    common = sorted(set(ours) & set(theirs))
    if len(common) < 2:
        raise SystemExit(f"Error: {run} and {base} share {len(common)} deals; compare needs two")
    for name in sorted({game for game, _ in common}):
        keys = [k for k in common if k[0] == name]
        differences = [ours[k] - theirs[k] for k in keys]
        mean = sum(differences) / len(keys)
        low, high = stats.ttest_1samp(differences, 0.0).confidence_interval(0.95)
        print(
            f"{name}, {len(keys)} deals: {sum(ours[k] for k in keys) / len(keys):.1%} against "
            f"{sum(theirs[k] for k in keys) / len(keys):.1%}; difference {100 * mean:+.1f} points "
            f"(95% t interval, paired by deal: {100 * low:+.1f} to {100 * high:+.1f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("match", "ladder", "compare"))
    parser.add_argument("runs", nargs="*", type=Path, help="compare: RUN.txt BASE.txt")
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--n", type=int, default=24, help="games per game")
    parser.add_argument("--seconds", type=float, default=0.1, help="match: time per move")
    parser.add_argument("--time-scale", type=float, default=1.0, help="ladder: budget factor")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--belief",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="match: a setting of expert's opponent model (BeliefParams), e.g. fresh_share=0.5,"
        " one per --belief;"
        " off: expert without it",
    )
    parser.add_argument(
        "--selection",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="match: a setting of expert's search (Selection), e.g. score_weight=0.1,"
        " one per --selection",
    )
    parser.add_argument(
        "--hand-evaluator",
        action="store_true",
        help="match: expert scores its leaves with the game's hand-written evaluator",
    )
    parser.add_argument(
        "--horizon",
        type=int,
        help="match: expert's rollouts stop this many steps of the game's progress (tricks,"
        " rounds, days) past the leaf, not at its evaluator's own horizon; 0: the leaf itself",
    )
    args = parser.parse_args()
    start = time.perf_counter()
    if args.mode == "compare":
        if len(args.runs) != 2:
            raise SystemExit("Error: compare wants two saved match outputs: RUN.txt BASE.txt")
        compare(*args.runs)
        return
    if args.mode == "match":
        selection = overrides(args.selection, Selection, "--selection")
        belief = belief_overrides(args.belief)
        if args.horizon is not None and args.horizon < 0:
            raise SystemExit("Error: --horizon wants a number of steps, 0 or more")
        match(
            args.games,
            args.n,
            args.seconds,
            args.seed,
            belief,
            selection,
            args.hand_evaluator,
            args.horizon,
        )
    else:
        ladder(args.games, args.n, args.time_scale, args.seed)
    print(f"\n{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
