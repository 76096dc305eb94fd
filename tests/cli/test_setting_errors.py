"""Settings ``serve`` and ``simulate`` cannot work with: one ``Error:`` line naming the
problem and exit code 2, never a traceback, a server started or a run that goes on."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
import uvicorn

from .conftest import Invoke
from .test_bad_input import _usage_error


@pytest.fixture(autouse=True)
def _no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """A setting let through would start the server: fail at once instead of serving."""

    def started(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the server started")

    monkeypatch.setattr(uvicorn.Server, "run", started)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "99999"], "--port must be from 0 (any free port) to 65535, not 99999"),
        (["--port", "-1"], "--port must be from 0"),
        (["--bot-delay", "nan"], "--bot-delay must be a number of seconds from 0 to 60, not nan"),
        (["--bot-delay", "-5"], "--bot-delay must be a number of seconds from 0 to 60, not -5"),
        (["--bot-delay", "inf"], "--bot-delay must be a number of seconds"),
        (["--bot-processes", "-2"], "--bot-processes must be 0 (threads only) or more"),
        (["--db", "garbage"], "--db 'garbage' is not a database URL"),
        (["--health-port", "0"], "--health-port must be from 1 to 65535, not 0"),
        (["--port", "8123", "--health-port", "8123"], "--health-port must differ from --port"),
    ],
    ids=[
        "port-99999",
        "port--1",
        "delay-nan",
        "delay--5",
        "delay-inf",
        "processes--2",
        "db-url",
        "health-0",
        "health-same",
    ],
)
def test_serve_refuses_a_setting_out_of_range(
    invoke: Invoke, args: list[str], message: str
) -> None:
    _usage_error(invoke(["serve", "--port", "0", *args]), message)


def test_serve_refuses_a_file_that_is_not_an_sqlite_database(
    invoke: Invoke, tmp_path: Path
) -> None:
    (tmp_path / "notes.txt").write_text("not a database\n" * 100)
    result = invoke(["serve", "--port", "0", "--db", f"sqlite:///{tmp_path / 'notes.txt'}"])
    _usage_error(result, "cannot use this database (file is not a database)")
    assert (tmp_path / "notes.txt").read_text() == "not a database\n" * 100


def test_serve_names_a_database_it_cannot_reach_without_its_password(invoke: Invoke) -> None:
    url = "postgresql+psycopg://player:secret@127.0.0.1:1/mobtable"
    result = invoke(["serve", "--port", "0", "--db", url])
    _usage_error(result, "--db postgresql+psycopg://player:***@127.0.0.1:1/mobtable")
    assert "secret" not in result.stderr


@pytest.mark.parametrize(
    ("games", "shown"),
    [("99999999999999999999", "99999999999999999999"), ("-3", "-3")],
)
def test_simulate_refuses_a_count_of_games_out_of_range(
    invoke: Invoke, monkeypatch: pytest.MonkeyPatch, games: str, shown: str
) -> None:
    simulate = importlib.import_module("mobtable.cli.simulate")  # the module, not the command

    def began(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the games began")  # 10^20 of them would never end

    monkeypatch.setattr(simulate, "play", began)
    result = invoke(["simulate", "sealed-bid", "--games", games])
    _usage_error(result, f"--games must be a whole number from 0 to 100,000,000, not {shown}")


@pytest.mark.parametrize(
    ("out", "message"),
    [("/proc/x", "--out /proc/x: cannot write files there"), ("a-file", "is a file")],
)
def test_simulate_refuses_an_out_directory_it_cannot_write(
    invoke: Invoke, tmp_path: Path, out: str, message: str
) -> None:
    (tmp_path / "a-file").write_text("")
    _usage_error(invoke(["simulate", "sealed-bid", "--games", "2", "--out", out]), message)


def test_an_error_line_shows_its_text_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    import typer

    from mobtable.cli._errors import fail

    with pytest.raises(typer.Exit):
        fail("cannot listen on 127.0.0.1:-1: no such port")
    assert capsys.readouterr().err.strip() == "Error: cannot listen on 127.0.0.1:-1: no such port"
