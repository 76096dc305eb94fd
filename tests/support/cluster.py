"""Several ``python -m mobtable.server`` processes on one PostgreSQL behind HAProxy, on
loopback: the deploy recipe's own balancer config (``deploy/haproxy.cfg``), TLS and all.

Used by the multi-process tests (``tests/deploy``) and the soak benchmark
(``benchmarks/soak.py``). Each server logs to a file in the work directory; every
process started here is stopped (and waited for) by :meth:`Cluster.stop`.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import psycopg

from support.prerequisites import missing

ROOT = Path(__file__).resolve().parents[2]
HAPROXY_CFG = ROOT / "deploy" / "haproxy.cfg"
SERVERS = 3
"""Servers in ``deploy/haproxy.cfg`` (``MOBTABLE_SERVER_1`` … ``_3``)."""
NO_LIMITS = [
    "--tables-per-minute=0",
    "--bot-tables=0",
    "--ws-per-address=0",
    "--ws-per-table=0",
    "--live-tables=0",
    "--chat-per-minute=0",
]
"""Every client comes from the one load generator: the per-client limits are off."""


def find_haproxy() -> str | None:
    """The HAProxy program: ``MOBTABLE_HAPROXY``, on PATH, or Debian's ``/usr/sbin``."""
    override = os.environ.get("MOBTABLE_HAPROXY")
    if override is not None:
        return override if os.access(override, os.X_OK) else None
    found = shutil.which("haproxy") or "/usr/sbin/haproxy"
    return found if os.access(found, os.X_OK) else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def self_signed(directory: Path) -> Path:
    """A throw-away certificate and key for 127.0.0.1 in one PEM file (HAProxy's ``crt``)."""
    key, cert = directory / "key.pem", directory / "cert.pem"
    options = ["-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1"]
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", *options],
        check=True,
        capture_output=True,
    )
    pem = directory / "tls.pem"
    pem.write_bytes(cert.read_bytes() + key.read_bytes())
    return pem


def wait_until(check: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():  # type: ignore[operator]
                return
        except (httpx2.TransportError, OSError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start in {seconds:.0f} s")


class Cluster:
    """``SERVERS`` server processes on ``db_url`` and HAProxy in front, on loopback."""

    def __init__(
        self, db_url: str, workdir: Path, *, bot_delay: float = 0.0, haproxy: str = "haproxy"
    ) -> None:
        self.db_url = db_url
        self.workdir = workdir
        self.bot_delay = bot_delay
        self.haproxy = haproxy
        self.ports = [free_port() for _ in range(SERVERS)]
        self.health_ports = [free_port() for _ in range(SERVERS)]
        self.servers: list[subprocess.Popen[bytes] | None] = [None] * SERVERS
        self.balancer: subprocess.Popen[bytes] | None = None
        self.https_port = free_port()
        self.base = f"https://127.0.0.1:{self.https_port}"
        self.ws_base = f"wss://127.0.0.1:{self.https_port}"

    # -- servers ------------------------------------------------------------
    def start_server(self, i: int, *, wait: bool = True) -> None:
        command = [sys.executable, "-m", "mobtable.server", "--db", self.db_url]
        command += ["--port", str(self.ports[i]), "--log-level", "warning"]
        command += ["--health-port", str(self.health_ports[i])]
        command += ["--bot-delay", str(self.bot_delay), "--bot-processes", "0"]
        command += ["--trusted-proxy", "127.0.0.1", *NO_LIMITS]
        log = (self.workdir / f"server-{i + 1}.log").open("ab")
        self.servers[i] = subprocess.Popen(command, stdout=log, stderr=log, cwd=self.workdir)
        log.close()
        if wait:
            self.wait_server(i)

    def wait_server(self, i: int) -> None:
        url = f"http://127.0.0.1:{self.ports[i]}/api/games"

        def answers() -> bool:
            proc = self.servers[i]
            if proc is None or proc.poll() is not None:
                raise RuntimeError(f"server {i + 1} exited; see {self.workdir}/server-{i + 1}.log")
            return httpx2.get(url, timeout=2).status_code == 200

        wait_until(answers, 60, f"server {i + 1}")

    def kill(self, i: int) -> None:
        """SIGKILL server ``i`` (no clean stop: its leases run out on their own)."""
        proc = self.servers[i]
        if proc is not None:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
        self.servers[i] = None

    def pids(self) -> list[int | None]:
        return [None if p is None else p.pid for p in self.servers]

    def holder_of(self, table_id: str) -> int | None:
        """The index of the live server holding ``table_id``'s lease, if any (read from the
        database: the ``servers`` row names its process's pid)."""
        url = self.db_url.replace("postgresql+psycopg://", "postgresql://", 1)
        with psycopg.connect(url) as conn:
            row = conn.execute(
                "SELECT s.address FROM leases l JOIN servers s ON s.id = l.owner"
                " WHERE l.table_id = %s AND s.expires_at > clock_timestamp()",
                (table_id,),
            ).fetchone()
        if row is None:
            return None
        pid = int(str(row[0]).split()[1])
        return next((i for i, p in enumerate(self.pids()) if p == pid), None)

    def held_tables(self) -> dict[int, int]:
        """How many tables each live server process holds (by pid)."""
        url = self.db_url.replace("postgresql+psycopg://", "postgresql://", 1)
        with psycopg.connect(url) as conn:
            rows = conn.execute(
                "SELECT s.address, count(*) FROM leases l JOIN servers s ON s.id = l.owner"
                " WHERE s.expires_at > clock_timestamp() GROUP BY s.address"
            ).fetchall()
        return {int(str(address).split()[1]): int(n) for address, n in rows}

    def leases(self) -> list[tuple[str, str, str | None, bool]]:
        """Every lease: (table, owner's address, asked for by, owner alive)."""
        url = self.db_url.replace("postgresql+psycopg://", "postgresql://", 1)
        with psycopg.connect(url) as conn:
            rows = conn.execute(
                "SELECT l.table_id, coalesce(s.address, l.owner), l.wanted_by,"
                " coalesce(s.expires_at > clock_timestamp(), false)"
                " FROM leases l LEFT JOIN servers s ON s.id = l.owner ORDER BY 1"
            ).fetchall()
        return [(str(a), str(b), c, bool(d)) for a, b, c, d in rows]

    # -- the balancer -----------------------------------------------------------
    def start_balancer(self) -> None:
        env = {
            **os.environ,
            "MOBTABLE_HTTPS_BIND": f"127.0.0.1:{self.https_port}",
            "MOBTABLE_HTTP_BIND": f"127.0.0.1:{free_port()}",
            "MOBTABLE_TLS_CERT": str(self_signed(self.workdir)),
        }
        for i, port in enumerate(self.ports):
            env[f"MOBTABLE_SERVER_{i + 1}"] = f"127.0.0.1:{port}"
            env[f"MOBTABLE_HEALTH_{i + 1}"] = str(self.health_ports[i])
        log = (self.workdir / "haproxy.log").open("ab")
        self.balancer = subprocess.Popen(
            [self.haproxy, "-db", "-f", str(HAPROXY_CFG)], stdout=log, stderr=log, env=env
        )
        log.close()
        wait_until(
            lambda: (
                httpx2.get(f"{self.base}/api/games", verify=False, timeout=2).status_code == 200
            ),
            30,
            "haproxy",
        )

    def start(self) -> None:
        for i in range(SERVERS):
            self.start_server(i, wait=False)
        for i in range(SERVERS):
            self.wait_server(i)
        self.start_balancer()

    def stop(self) -> None:
        """Stop every process started here: the servers cleanly (SIGTERM), then HAProxy."""
        for proc in self.servers:
            if proc is not None:
                proc.terminate()
        for proc in [*self.servers, self.balancer]:
            if proc is None:
                continue
            if proc is self.balancer:
                proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
        self.servers = [None] * SERVERS
        self.balancer = None


@contextlib.contextmanager
def running_cluster(pg_admin: str, workdir: Path, **options: Any) -> Iterator[Cluster]:
    """A cluster on a fresh database of ``pg_admin``'s server, stopped and dropped after;
    HAProxy missing: the test is reported as not run."""
    haproxy = find_haproxy()
    if haproxy is None:
        missing("HAProxy", "no haproxy program found: apt-get install haproxy")
    name = f"mobtable_cluster_{secrets.token_hex(4)}"
    with psycopg.connect(pg_admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = pg_admin.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1)
    cluster = Cluster(f"{base}/{name}", workdir, haproxy=haproxy, **options)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
        with psycopg.connect(pg_admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
