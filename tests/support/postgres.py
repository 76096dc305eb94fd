"""A throw-away PostgreSQL server for one test run, started from the installed binaries.

``initdb`` makes a cluster in a temporary directory, ``pg_ctl`` serves it on a free port
of 127.0.0.1 (its socket in that directory too), and the end of the session stops it and
deletes the directory: no system configuration is read or changed. Set
``MOBTABLE_TEST_PG`` to an existing server's URL (a role allowed to create databases) to
use that server instead. ``MOBTABLE_PG_BINDIR`` names the directory holding ``initdb`` and
``pg_ctl`` when they are neither under ``/usr/lib/postgresql/<version>/bin`` (Debian,
newest version first) nor on ``PATH``; pointing it at an empty directory makes
PostgreSQL absent.

initdb refuses to run as root, so as root the server runs as the ``postgres`` system user
(or ``nobody`` when there is none), which owns the temporary directory.
"""

from __future__ import annotations

import os
import pwd
import re
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from support.prerequisites import missing

DEBIAN_ROOT = Path("/usr/lib/postgresql")
INSTALL_HINT = "apt-get install postgresql (or set MOBTABLE_TEST_PG to a server's URL)"


def _version_key(path: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", path.name)) or (0,)


def find_bindir() -> Path | None:
    """The directory with ``initdb`` and ``pg_ctl``: the override, Debian's newest, or PATH."""
    override = os.environ.get("MOBTABLE_PG_BINDIR")
    if override is not None:
        candidates = [Path(override)]
    else:
        debian = sorted(DEBIAN_ROOT.glob("*/bin"), key=lambda p: _version_key(p.parent))
        on_path = shutil.which("initdb")
        candidates = [*reversed(debian), *([Path(on_path).parent] if on_path else [])]
    for bindir in candidates:
        if (bindir / "initdb").is_file() and (bindir / "pg_ctl").is_file():
            return bindir
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class _Runner:
    """Runs the server's programs as an unprivileged user (ourselves unless we are root)."""

    user: str | None

    @classmethod
    def choose(cls) -> _Runner:
        if os.geteuid() != 0:
            return cls(None)
        for name in ("postgres", "nobody"):
            try:
                pwd.getpwnam(name)
            except KeyError:
                continue
            return cls(name)
        raise RuntimeError("running as root, and neither a 'postgres' nor a 'nobody' user exists")

    def own(self, path: Path) -> None:
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(path, entry.pw_uid, entry.pw_gid)

    def run(self, args: list[str], log: Path) -> None:
        extra = {}
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            extra = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "TZ": "UTC"}
        with log.open("ab") as out:
            done = subprocess.run(
                args, stdout=out, stderr=subprocess.STDOUT, env=env, cwd="/", check=False, **extra
            )
        if done.returncode != 0:
            tail = log.read_text(errors="replace")[-1500:]
            raise RuntimeError(f"{Path(args[0]).name} failed ({done.returncode}):\n{tail}")


class TemporaryServer:
    """One PostgreSQL cluster in a temporary directory, listening on 127.0.0.1 only."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.runner = _Runner.choose()
        self.base = Path(tempfile.mkdtemp(prefix="mobtable-pg-"))
        self.runner.own(self.base)
        self.data = self.base / "data"
        self.log = self.base / "server.log"
        self.password = secrets.token_hex(16)
        self.port = 0
        self.started = False

    def start(self) -> str:
        """Make the cluster, start it, and answer the superuser's URL."""
        pwfile = self.base / "pwfile"
        pwfile.write_text(self.password + "\n")
        self.runner.own(pwfile)
        self.log.touch()
        self.runner.own(self.log)
        initdb = [str(self.bindir / "initdb"), "-D", str(self.data), "-U", "postgres"]
        options = ["--auth=scram-sha-256", f"--pwfile={pwfile}", "--no-sync", "--no-locale"]
        self.runner.run([*initdb, *options, "-E", "UTF8"], self.log)
        pwfile.unlink()
        for attempt in range(3):  # another process may take the free port before we bind it
            self.port = _free_port()
            try:
                self.runner.run(
                    self._pg_ctl("start", "-w", "-t", "60", "-o", self._settings()), self.log
                )
            except RuntimeError:
                if attempt == 2:
                    raise
                continue
            self.started = True
            break
        return f"postgresql://postgres:{self.password}@127.0.0.1:{self.port}/postgres"

    def _settings(self) -> str:
        return f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.base} -c fsync=off"

    def _pg_ctl(self, *args: str) -> list[str]:
        return [str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), *args]

    def pause(self) -> None:
        """Stop the server (``-m fast``: its sessions are cut, their transactions rolled
        back), keeping its data, to be started again by :meth:`resume`."""
        self.runner.run(self._pg_ctl("stop", "-m", "fast", "-w"), self.log)

    def resume(self) -> None:
        """Start the server paused by :meth:`pause` again, on the same port."""
        self.runner.run(self._pg_ctl("start", "-w", "-t", "60", "-o", self._settings()), self.log)

    def stop(self) -> None:
        try:
            if self.started:
                self.runner.run(self._pg_ctl("stop", "-m", "fast", "-w"), self.log)
        finally:
            shutil.rmtree(self.base, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_admin() -> Iterator[str]:
    """A superuser URL of a PostgreSQL server for this run (a temporary one unless overridden).

    Without PostgreSQL the tests that need it are reported as not run, with the reason.
    """
    url = os.environ.get("MOBTABLE_TEST_PG")
    if url:
        yield url
        return
    with temporary_server() as (_server, admin):
        yield admin


@contextmanager
def temporary_server() -> Iterator[tuple[TemporaryServer, str]]:
    """A temporary server of one's own and its superuser URL, stopped and deleted at the
    end (reported as not run, with the reason, without PostgreSQL)."""
    bindir = find_bindir()
    if bindir is None:
        missing("PostgreSQL", f"no initdb/pg_ctl found: {INSTALL_HINT}")
    server = TemporaryServer(bindir)
    try:
        admin = server.start()
        yield server, admin
    finally:
        server.stop()
