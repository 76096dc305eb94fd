"""``mobtable plan GAME``: how many games a question about the first seat needs, and running them.

``--width W``: the games for a 95% interval of the first seat's win share at most ``W`` wide;
``--difference D``: the games for a two-sided binomial test to detect a first-seat share ``D``
above (or below) the equal share with ``--power``. ``--run`` plays them with a fixed sample
size (:mod:`mobtable.sim.planning` says why that keeps the interval honest).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from mobtable.cli import setup
from mobtable.cli._errors import fail
from mobtable.cli.options import CardsFile, Jobs, LineUp, Players, RuleOptions, Variants
from mobtable.cli.simulate import build_spec, needs_extra, play
from mobtable.sim import SimSpec

if TYPE_CHECKING:
    from mobtable.sim.planning import Verdict

DEFAULT_PILOT = 100


def _share_text(share: float) -> str:
    return f"{100 * share:.1f}%"


def planned_games(
    spec: SimSpec,
    *,
    width: float | None,
    difference: float | None,
    share: float | None,
    power: float,
) -> tuple[int, str]:
    """The games the question needs, and the sentence saying how that was worked out."""
    from mobtable.sim import planning

    equal = 1 / spec.players
    try:
        if width is not None:
            at = equal if share is None else share
            games = planning.games_for_width(width, at)
            return games, (
                f"A 95% interval of the first seat's win share at most {100 * width:.1f} points "
                f"wide at a share of {_share_text(at)} needs {games:,} games (the Wilson "
                "interval's width, quantiles from scipy.stats.norm)."
            )
        assert difference is not None
        games = planning.games_for_difference(difference, equal, power=power)
    except ValueError as exc:
        fail(str(exc))
    return games, (
        f"Telling a first-seat share of {_share_text(equal + difference)} from the equal "
        f"{_share_text(equal)} (two-sided binomial test, 5% level, {100 * power:.0f}% power) "
        f"needs {games:,} games (normal-approximation sample size for a one-sample proportion, "
        "Chow, Shao & Wang)."
    )


def run_plan(
    spec: SimSpec,
    *,
    width: float | None,
    difference: float | None,
    share: float | None,
    power: float,
    pilot: int,
    jobs: int = 1,
    out: Path | None = None,
) -> tuple[int, str, Verdict, str]:
    """Play the planned games (after a pilot, for a width): the games, how they were planned,
    the verdict and the stopping rule."""
    from mobtable.sim import planning

    rule = "the number of games was fixed before the first seat's share was looked at"
    if width is not None and share is None:
        summary, _ = play(spec, pilot, jobs=jobs, label="pilot")
        first = summary.seats[0]
        share = planning.conservative_share(first.wins, first.games)
        games, how = planned_games(spec, width=width, difference=None, share=share, power=power)
        games = max(games, pilot)
        rule = (
            f"a pilot of {pilot} games set only the spread (planned at a share of "
            f"{_share_text(share)}, the one in its interval nearest 50%), then the number of "
            "games was fixed; the pilot's games are the run's first games, played again"
        )
    else:
        games, how = planned_games(
            spec, width=width, difference=difference, share=share, power=power
        )
    summary, _ = play(spec, games, jobs=jobs, out=out, label="planned")
    first = summary.seats[0]
    verdict = planning.first_seat_test(first.wins, first.games, 1 / spec.players)
    return (
        games,
        how,
        verdict,
        f"Stopping rule: {rule}; the interval and the test are computed once.",
    )


def plan(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="The game (see 'mobtable games').")
    ],
    width: Annotated[
        float | None,
        typer.Option(
            help="The widest 95% interval of the first seat's share, e.g. 0.05.", show_default=False
        ),
    ] = None,
    difference: Annotated[
        float | None,
        typer.Option(
            help="The first-seat advantage to detect, e.g. 0.05 (a share above equal).",
            show_default=False,
        ),
    ] = None,
    share: Annotated[
        float | None,
        typer.Option(
            help="With --width: the share to plan at (default: the equal share; with --run, "
            "a pilot's).",
            show_default=False,
        ),
    ] = None,
    power: Annotated[float, typer.Option(help="With --difference: the chance to detect it.")] = 0.8,
    run: Annotated[bool, typer.Option("--run", help="Play the planned games and report.")] = False,
    pilot: Annotated[
        int, typer.Option(help="With --run --width: pilot games that set the spread.")
    ] = DEFAULT_PILOT,
    players: Players = None,
    bots: LineUp = "random",
    seed: Annotated[int, typer.Option(help="Master seed.")] = 0,
    jobs: Jobs = 1,
    out: Annotated[
        Path | None, typer.Option("--out", help="With --run: write the planned run's table here.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON, nothing else.")] = False,
    variant: Variants = None,
    option: RuleOptions = None,
    cards: CardsFile = None,
) -> None:
    """Say how many games a question about the first seat needs; with --run, play them."""
    needs_extra("scipy", "lab", "plan")
    if (width is None) == (difference is None):
        fail("give either --width (an interval's width) or --difference (an effect to detect)")
    if share is not None and width is None:
        fail("--share goes with --width (a difference is planned against the equal share)")
    if not 1 <= pilot <= setup.MAX_GAMES:
        fail(f"--pilot must be a whole number from 1 to {setup.MAX_GAMES:,}")
    setup.check_jobs(jobs)
    spec = build_spec(game_name, players, bots, seed, variant=variant, option=option, cards=cards)
    games, how = planned_games(spec, width=width, difference=difference, share=share, power=power)
    document: dict[str, Any] = {"games": games, "plan": how}
    if run:
        if out is not None:
            needs_extra("pyarrow", "lab", "--out (the Parquet results table)")
            setup.writable_directory(out, "--out")
        games, how, verdict, rule = run_plan(
            spec,
            width=width,
            difference=difference,
            share=share,
            power=power,
            pilot=pilot,
            jobs=jobs,
            out=out,
        )
        document |= {
            "games": games,
            "plan": how,
            "first_seat": {
                "share": round(verdict.share, 9),
                "low": round(verdict.low, 9),
                "high": round(verdict.high, 9),
                "width": round(verdict.width, 9),
                "equal": verdict.equal,
                "p_value": round(verdict.p_value, 9),
                "detected": verdict.detected,
            },
            "stopping_rule": rule,
        }
    elif out is not None:
        fail("--out goes with --run")
    if as_json:
        typer.echo(json.dumps(document))
        return
    console = Console(highlight=False)
    console.print(how, markup=False, soft_wrap=True)
    if run:
        found = "detected" if verdict.detected else "not detected"
        console.print(
            f"Played {verdict.games:,} games: the first seat won {_share_text(verdict.share)} "
            f"({_share_text(verdict.low)} to {_share_text(verdict.high)}, "
            f"{100 * verdict.width:.1f} points wide); binomial test against the equal "
            f"{_share_text(verdict.equal)}: p = {verdict.p_value:.3g}, {found} at the 5% level.",
            markup=False,
            soft_wrap=True,
        )
        console.print(document["stopping_rule"], markup=False, soft_wrap=True)
