"""The README and docs/cli.md as a newcomer reads them: every example runs as written.

The Python examples run as doctests. Every fenced ``sh`` block of README.md, then of
docs/cli.md, runs line by line in a temporary directory holding the ``.venv`` the first
README command makes (this test's own virtual environment), as a reader would type it
after that command. A line that changes the shell (``. .venv/bin/activate``, ``cd``,
``export``) is kept for the lines after it. A block preceded by a line
``<!-- docs-test: skip (why) -->`` is not run: ``serve`` (tested on its own below) and
the test command itself. An interactive ``play`` gets ``1`` (the first legal move) at every
prompt.
"""

from __future__ import annotations

import doctest
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

ROOT = Path(__file__).parents[1]
README = ROOT / "README.md"
DOCS = [README, ROOT / "docs" / "cli.md"]
SKIP = re.compile(r"<!-- docs-test: skip \(.+\) -->")
SHELL_STATE = re.compile(r"^(\.|source|cd|export)\s")
ANSWERS = "help\n1\n" * 3000  # a number picks from a list on screen: `help` shows it first


def test_readme_examples_run() -> None:
    result = doctest.testfile(str(README), module_relative=False)
    assert result.attempted > 0 and result.failed == 0


def sh_blocks(text: str) -> Iterator[tuple[bool, list[str]]]:
    """Each ```sh block as (skipped, commands), a command's ``\\`` continuations joined."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip() != "```sh":
            continue
        skipped = i > 0 and SKIP.fullmatch(lines[i - 1].strip()) is not None
        body = lines[i + 1 : lines.index("```", i + 1)]
        commands: list[str] = []
        pending = ""
        for raw in body:
            pending += raw.rstrip()
            if pending.endswith("\\"):
                pending = pending[:-1] + " "
                continue
            if pending.strip():
                commands.append(pending.strip())
            pending = ""
        yield skipped, commands


def documented_commands() -> list[tuple[str, str]]:
    return [
        (path.name, command)
        for path in DOCS
        for skipped, commands in sh_blocks(path.read_text())
        if not skipped
        for command in commands
    ]


def test_the_docs_skip_only_serve_the_test_command_and_the_operators_commands() -> None:
    skipped = [
        command
        for path in DOCS
        for is_skipped, commands in sh_blocks(path.read_text())
        if is_skipped
        for command in commands
    ]
    # the operator's commands read a served database: their own tests run them on one
    # (tests/server/test_end_reveal.py, tests/adapters/test_export.py)
    operator = ("mobtable record ", "mobtable export ")
    assert all(
        "mobtable serve" in c or c == "bash scripts/test.sh" or c.startswith(operator)
        for c in skipped
    ), skipped
    commands = [command for _, command in documented_commands()]
    assert any(c.startswith("mobtable play") for c in commands)
    assert any("replay" in c and "--check" in c for c in commands)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A fresh directory whose ``.venv`` is this test run's virtual environment."""
    if sys.prefix == sys.base_prefix or not (Path(sys.prefix) / "bin" / "activate").is_file():
        pytest.fail("run the tests from a virtual environment (scripts/test.sh makes .venv)")
    (tmp_path / ".venv").symlink_to(sys.prefix)
    return tmp_path


def test_every_documented_command_runs_as_written(workdir: Path) -> None:
    state: list[str] = []
    for source, command in documented_commands():
        script = "\n".join(["set -e", *state, command])
        done = subprocess.run(
            ["bash", "-c", script],
            cwd=workdir,
            input=ANSWERS,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, f"{source}: {command}\n{done.stdout[-1500:]}{done.stderr}"
        if SHELL_STATE.match(command):
            state.append(command)
    assert (workdir / "records" / "gangsta-7.json").is_file()


def _serve(workdir: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [".venv/bin/mobtable", "serve", *args],
        cwd=workdir,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_serve_says_where_it_listens_once_it_does_and_answers(workdir: Path) -> None:
    server = _serve(workdir, "--port", "0", "--bot-processes", "0")
    try:
        assert server.stdout is not None
        line = server.stdout.readline()  # blocks until the server announces itself
        found = re.fullmatch(r"mobtable: open (http://127\.0\.0\.1:\d+/) in a browser.*\n", line)
        assert found, (line, server.stderr.read() if server.poll() is not None else "")
        page = httpx2.get(found[1], timeout=30)
        assert page.status_code == 200 and "/static/app.js" in page.text
        assert httpx2.get(f"{found[1]}api/games", timeout=30).status_code == 200
        assert (workdir / "mobtable.sqlite").is_file()  # the default database, here
    finally:
        server.terminate()
        server.communicate(timeout=60)


def test_serve_on_a_busy_port_is_one_line_naming_the_port(workdir: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = _serve(workdir, "--port", str(port))
        out, err = server.communicate(timeout=60)
    assert server.returncode == 2
    assert out == ""  # no address announced for a server that never listened
    assert err.strip().splitlines() == [
        f"Error: port {port} on 127.0.0.1 is in use: pick another with --port, e.g. "
        f"--port {port + 1}"
    ]
