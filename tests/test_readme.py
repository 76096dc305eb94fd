"""The README and docs/cli.md as a newcomer reads them: every example runs as written.

The Python examples run as doctests. Every fenced ``sh`` block of README.md, then of
docs/cli.md, runs line by line in a temporary directory holding the ``.venv`` the first
README command makes (this test's own virtual environment), as a reader would type it
after that command. A line that changes the shell (``. .venv/bin/activate``, ``cd``,
``export``) is kept for the lines after it. A block preceded by a line
``<!-- docs-test: skip (why) -->`` is not run: ``serve`` (tested on its own below) and
the test command itself. An interactive ``play`` gets ``1`` (the first legal move) at every
prompt.

The virtual environment holds every extra, but a reader's has only what the README
installed so far: a ``pip install`` line is not run (the packages are here already) but
records the extras it names, and every command runs with the modules of the other extras
hidden (a ``sitecustomize`` on ``PYTHONPATH``), as on a reader's machine.
"""

from __future__ import annotations

import doctest
import importlib.metadata as metadata
import os
import re
import socket
import subprocess
import sys
import tomllib
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
INSTALL = re.compile(r"^(?:\.venv/bin/)?pip install (?:-e )?'?\.(?:\[([a-z,]+)\])?'?$")
"""A README install line: ``pip install -e '.[lab]'`` (the extras it installs)."""
OPTIONAL = ("lab", "cluster", "research", "bench")
"""The extras a reader installs only when the README says so (``test`` is the tests')."""
HIDE = """\
import importlib.abc, importlib.util, sys

HIDDEN = set({hidden!r})
_find_spec = importlib.util.find_spec


def find_spec(name, package=None):
    if name.partition(".")[0] in HIDDEN:
        return None
    return _find_spec(name, package)


class Hidden(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None


importlib.util.find_spec = find_spec
sys.meta_path.insert(0, Hidden())
"""


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
    # (tests/server/test_end_reveal.py, tests/adapters/test_export.py); a guided game waits
    # for the taught moves, which tests/cli/test_learn.py types
    operator = ("mobtable record ", "mobtable export ", "mobtable learn ")
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


def _name(requirement: str) -> str:
    """A requirement's distribution name, normalized (``uvicorn[standard]>=0.29``: uvicorn)."""
    name = re.split(r"[\s\[<>=!~;]", requirement.strip(), maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def _closure(names: set[str]) -> set[str]:
    """``names`` and every distribution they require, as installed here."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.distribution(name).requires or []
        except metadata.PackageNotFoundError:
            continue
        todo.extend(_name(r) for r in requires if "extra ==" not in r)
    return seen


def hidden_modules(installed: set[str]) -> set[str]:
    """The top-level modules a reader lacks who installed the base and ``installed`` extras."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    have = _closure(
        {_name(r) for r in project["dependencies"]}
        | {_name(r) for extra in installed for r in extras.get(extra, [])}
    )
    lacking = {
        _name(r) for extra in OPTIONAL if extra not in installed for r in extras[extra]
    } - have
    modules = metadata.packages_distributions()
    return {m for m, dists in modules.items() if {_name(d) for d in dists} <= lacking}


def test_a_reader_lacks_the_extras_the_readme_did_not_install(tmp_path: Path) -> None:
    """The check below is honest: without the lab extra, pyarrow is not to be found."""
    assert {"pyarrow", "pandas", "scipy", "ray", "pyspiel"} <= hidden_modules(set())
    assert "pyarrow" not in hidden_modules({"lab"}) and "ray" in hidden_modules({"lab"})
    assert not {"typer", "rich", "fastapi"} & hidden_modules(set())
    (tmp_path / "sitecustomize.py").write_text(HIDE.format(hidden=sorted(hidden_modules(set()))))
    probe = "import importlib.util as u; print(u.find_spec('pyarrow'), u.find_spec('rich') is None)"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        env={
            **os.environ,
            "PYTHONPATH": f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
        },
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["None", "False"]


def test_every_documented_command_runs_as_written(workdir: Path, tmp_path: Path) -> None:
    state: list[str] = []
    installed: set[str] = set()
    site = tmp_path / "reader-site"
    site.mkdir()
    env = dict(os.environ)
    env["PYTHONPATH"] = f"{site}{os.pathsep}{env.get('PYTHONPATH', '')}"
    for source, command in documented_commands():
        install = INSTALL.match(re.sub(r"\s+#.*$", "", command))
        if install:  # here already: the extras count as installed from now on
            installed.update(filter(None, (install[1] or "").split(",")))
            continue
        hidden = sorted(hidden_modules(installed))
        (site / "sitecustomize.py").write_text(HIDE.format(hidden=hidden))
        script = "\n".join(["set -e", *state, command])
        done = subprocess.run(
            ["bash", "-c", script],
            cwd=workdir,
            env=env,
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
    assert "lab" in installed  # the README installs the lab before `simulate --out`


OUTPUT = re.compile(r"--(?:out|save) (\S+)")


def test_what_the_examples_write_is_ignored_by_git() -> None:
    """A reader who runs the examples in a checkout is not left with files to commit."""
    commands = [c for path in DOCS for _, block in sh_blocks(path.read_text()) for c in block]
    written = sorted({found[1] for c in commands for found in OUTPUT.finditer(c)})
    assert {"runs/", "t.json", "human.parquet", "records/gangsta-7.json"} <= set(written)
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: nothing to ignore")
    done = subprocess.run(
        ["git", "check-ignore", "--no-index", *written],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert set(done.stdout.split()) == set(written), done.stderr


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
