"""``mobtable tune GAME --card-file F --param PATH --range A:B``: the value nearest a target.

Each value tried plays the same games (``--seed``), and is reported with its figure's 95%
interval; the search is :func:`mobtable.sim.tune.search`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from mobtable.cli import setup
from mobtable.cli._errors import fail
from mobtable.cli.options import Jobs, LineUp, Players, RuleOptions, Variants
from mobtable.cli.simulate import needs_extra, play
from mobtable.core import MobtableError
from mobtable.sim import SimSpec

if TYPE_CHECKING:
    from mobtable.sim.tune import Figure, Trial


def _pct(share: float) -> str:
    return f"{100 * share:.1f}%"


def tune(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="The game (see 'mobtable games').")
    ],
    param: Annotated[
        str,
        typer.Option(
            help="A whole-number card-data field, dotted (mafia.0.strong.7), or option.NAME."
        ),
    ],
    value_range: Annotated[
        str, typer.Option("--range", metavar="A:B", help="The whole numbers to search, A to B.")
    ],
    card_file: Annotated[
        Path | None,
        typer.Option("--card-file", "--cards", help="The TOML card file whose field is tuned."),
    ] = None,
    figure_name: Annotated[
        str,
        typer.Option("--figure", help="first-seat, seat-N (1 = first) or tie-break."),
    ] = "first-seat",
    target: Annotated[
        float | None,
        typer.Option(
            help="The figure to reach (default: a seat's equal share).", show_default=False
        ),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per value tried.")] = 200,
    tries: Annotated[int, typer.Option(help="The most values to try.")] = 12,
    players: Players = None,
    bots: LineUp = "random",
    seed: Annotated[int, typer.Option(help="Master seed shared by every value.")] = 0,
    jobs: Jobs = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON, nothing else.")] = False,
    variant: Variants = None,
    option: RuleOptions = None,
) -> None:
    """Find the value of one parameter that brings a figure closest to a target."""
    needs_extra("scipy", "lab", "tune")
    from mobtable.sim import tune as tuning

    game = setup.load_game(game_name)
    setup.check_seed(seed)
    setup.check_games(games)
    setup.check_jobs(jobs)
    if games < 1 or tries < 1:
        fail("--games and --tries must be at least 1")
    names = setup.split_names(bots)
    if not names:
        fail("--bots needs at least one bot name")
    count = players or (len(names) if len(names) > 1 else game.min_players)
    lineup = setup.fill_bots(names, count, what=f"a {count}-player table")
    setup.check_bots(game, lineup)
    try:
        low, high = tuning.parse_range(value_range)
        measured = tuning.figure(figure_name, count)
    except tuning.BadParameter as exc:
        fail(str(exc))
    goal = 1 / count if target is None and figure_name != "tie-break" else target
    if goal is None or not 0 <= goal <= 1:
        fail("--target must be a share from 0 to 1 (--figure tie-break needs one)")
    card_data = setup.read_cards(card_file)
    options = setup.parse_options(game, option or ())
    if param.startswith(tuning.OPTION):
        key = param[len(tuning.OPTION) :]
        if key not in {o.name for o in game.options}:
            known = ", ".join(sorted(o.name for o in game.options)) or "none"
            fail(f"--param {param}: {game.name} has no option {key!r} (options: {known})")
    elif card_data is None:
        fail(f"--param {param} is a card-data field: give the card file with --card-file")
    else:
        try:
            tuning.card_value(card_data, param)
        except tuning.BadParameter as exc:
            fail(str(exc))

    def spec_for(value: int) -> SimSpec:
        cards = card_data
        values = dict(options)
        if param.startswith(tuning.OPTION):
            values[param[len(tuning.OPTION) :]] = value
        else:
            assert card_data is not None
            cards = tuning.with_card_value(card_data, param, value)
        try:
            config = game.config(
                count, variants=list(variant or ()), options=values, card_data=cards
            )
        except MobtableError as exc:
            fail(f"--range: {param} = {value} is rejected: {exc}")
        label = "" if card_file is None else f"{card_file.name} ({param}={value})"
        return SimSpec.build(config, game, lineup, seed, card_file=label)

    for value in (low, high):
        spec_for(value)  # both ends valid before any game is played

    def evaluate(value: int) -> Trial:
        summary, _ = play(spec_for(value), games, jobs=jobs, label=f"{param}={value}")
        share, low_, high_ = measured.of(summary)
        return tuning.Trial(value, summary.games, share, low_, high_, goal)

    trials = tuning.search(evaluate, low, high, tries=tries)
    chosen = tuning.best(trials)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "param": param,
                    "figure": measured.name,
                    "target": goal,
                    "best": chosen.value,
                    "trials": [t.to_json() for t in trials],
                }
            )
        )
        return
    _print(param, measured, goal, trials, chosen)


def _print(param: str, measured: Figure, goal: float, trials: list[Trial], chosen: Trial) -> None:
    console = Console(highlight=False)
    table = Table(title=f"{measured.name} by {param}", title_justify="left", box=box.SIMPLE_HEAD)
    for name in ("tried", param, "games", "figure", "95% interval", "from target"):
        table.add_column(name, justify="right")
    for order, trial in enumerate(trials, start=1):
        table.add_row(
            str(order),
            str(trial.value),
            str(trial.games),
            _pct(trial.share),
            f"{_pct(trial.low)}-{_pct(trial.high)}",
            f"{100 * (trial.share - goal):+.1f} pts",
        )
    console.print(table)
    holding = sorted(t.value for t in trials if t.holds_target)
    others = [v for v in holding if v != chosen.value]
    console.print(
        f"Best: {param} = {chosen.value}, {measured.name} {_pct(chosen.share)} "
        f"({_pct(chosen.low)} to {_pct(chosen.high)}) against a target of {_pct(goal)}."
        + (
            f" The games cannot tell it from {', '.join(map(str, others))} (their intervals "
            "hold the target too)."
            if others
            else ""
        )
        + " Every value played the same seeds.",
        markup=False,
        soft_wrap=True,
    )
