"""Browser tests: a real server on a loopback port and a Chromium driven by Playwright.

The browser is ``MOBTABLE_CHROMIUM`` when set, else ``chromium`` (or ``chromium-browser``)
on PATH, else the one ``playwright install chromium`` downloads. Without any, the browser
tests are reported as not run (see ``support.prerequisites``).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.prerequisites import missing

BROWSER_HINT = (
    "apt-get install chromium (or .venv/bin/playwright install chromium, "
    "or set MOBTABLE_CHROMIUM to a Chromium executable)"
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
# The tests click as soon as a control is there, far sooner than a person can: web-settle's
# guard against taps aimed at the screen before a new decision is off in them (settle.js),
# but in tests/web/test_settle.py, which turns it back on.
SETTLE_OFF = "localStorage.setItem('mobtable:settle-ms', '0')"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A uvicorn server in a thread of this process (test games registered)."""
    yield from serve(tmp_path_factory.mktemp("web") / "db.sqlite")


def serve(db: Path, **options: Any) -> Iterator[str]:
    """Serve ``create_app`` (bot delay 0.02 s, ``options``) on a free port until resumed."""
    import uvicorn

    from mobtable.server.app import create_app

    port = free_port()
    app = create_app(f"sqlite:///{db}", **{"bot_delay": 0.02, **options})
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def find_chromium() -> str | None:
    """A Chromium executable installed on this machine (None: Playwright's own, if any)."""
    override = os.environ.get("MOBTABLE_CHROMIUM")
    if override is not None:
        return override
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    executable = find_chromium()
    with sync_playwright() as p:
        if executable is None and Path(p.chromium.executable_path).is_file():
            executable = p.chromium.executable_path
        if executable is None or not os.access(executable, os.X_OK):
            missing("a Chromium browser", f"none found: {BROWSER_HINT}")
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield _settle_off(b)
        b.close()


def _settle_off(browser: Any) -> Any:
    """The browser, every context and page of which starts with the settle guard off."""
    new_context, new_page = browser.new_context, browser.new_page

    def context_settled(**options: Any) -> Any:
        context = new_context(**options)
        context.add_init_script(SETTLE_OFF)
        return context

    def page_settled(**options: Any) -> Any:
        page = new_page(**options)  # its own context, closed with it
        page.add_init_script(SETTLE_OFF)
        return page

    browser.new_context = context_settled
    browser.new_page = page_settled
    return browser
