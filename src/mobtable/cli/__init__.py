"""The ``mobtable`` command: list games, read their rules, play, replay and simulate; serve;
operator records.

Every command works for every registered game through the core contract
(``Game``, ``State``, records, bots); a game's own ``render.py`` and
``bots.py`` are used when present.
"""

from __future__ import annotations

import typer

from mobtable.cli.compare import compare
from mobtable.cli.export import export
from mobtable.cli.games_cmd import games
from mobtable.cli.learn import learn
from mobtable.cli.plan import plan
from mobtable.cli.play import play
from mobtable.cli.record import record
from mobtable.cli.replay import replay
from mobtable.cli.report import report
from mobtable.cli.rules_cmd import rules
from mobtable.cli.schema_cmd import schema
from mobtable.cli.serve import serve
from mobtable.cli.simulate import simulate
from mobtable.cli.sweep import sweep
from mobtable.cli.tune import tune

app = typer.Typer(
    name="mobtable",
    help="Mafia tabletop games: serve the web app, play, replay and simulate.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
app.command("games")(games)
app.command("rules")(rules)
app.command("learn")(learn)
app.command("play")(play)
app.command("replay")(replay)
app.command("simulate")(simulate)
app.command("sweep")(sweep)
app.command("plan")(plan)
app.command("tune")(tune)
app.command("compare")(compare)
app.command("report")(report)
app.command("serve")(serve)
app.command("record")(record)
app.command("export")(export)
app.command("schema")(schema)

__all__ = ["app"]
