"""Through the balancer with three server processes: the process holding the table is
SIGKILLed mid-game (twice: a desktop tab, then a phone's), and the open tab says
"reconnecting…", reconnects to another process and plays on."""

from __future__ import annotations

import random
import time
from pathlib import Path

import httpx2

from mobtable.core import record as records
from mobtable.store import Repository
from support.cluster import running_cluster
from web.play import click_one_move, version


def test_the_tab_plays_on_when_the_process_holding_its_table_dies(
    pg_admin: str, tmp_path: Path, browser: object, artifacts: Path
) -> None:
    with running_cluster(pg_admin, tmp_path, bot_delay=0.02) as cluster:
        seats = [
            {"kind": "human"},
            {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"},
        ]
        body = {"game": "gangsta", "players": 3, "seats": seats, "seed": 9}
        created = httpx2.post(f"{cluster.base}/api/tables", json=body, verify=False).json()
        tid, token = created["id"], created["token"]
        shown = 0
        for size, name in (((1366, 768), "desktop"), ((390, 844), "phone")):
            context = browser.new_context(  # type: ignore[attr-defined]
                ignore_https_errors=True, viewport={"width": size[0], "height": size[1]}
            )
            try:
                page = context.new_page()
                page.goto(f"{cluster.base}/t/{tid}#seat=0&token={token}")
                page.wait_for_selector("#board[data-version]", timeout=30000)
                rng = random.Random(1)
                target = version(page) + 6
                while version(page) < target:
                    click_one_move(page, rng)
                    page.wait_for_timeout(50)
                before = version(page)
                holder = cluster.holder_of(tid)
                assert holder is not None
                cluster.kill(holder)
                page.wait_for_selector("#status >> text=reconnecting", timeout=10000)
                page.screenshot(path=str(artifacts / f"failover-reconnecting-{name}.png"))
                started = time.monotonic()
                page.wait_for_selector("#status >> text=Your move", timeout=30000)
                waited = time.monotonic() - started
                page.screenshot(path=str(artifacts / f"failover-reconnected-{name}.png"))
                assert version(page) >= before  # nothing it was shown is gone
                now_held = cluster.holder_of(tid)
                assert now_held is not None and now_held != holder
                assert waited < 20
                assert "moving" not in page.locator("body").inner_text()  # no note about it
                while version(page) < before + 3:  # and it plays on
                    click_one_move(page, rng)
                    page.wait_for_timeout(50)
                shown = version(page)
                cluster.start_server(holder)
            finally:
                context.close()
        repo = Repository(cluster.db_url, run_migrations=False)
        try:
            row = repo.load(tid)
        finally:
            repo.close()
        assert row is not None and len(row.actions) >= shown
        records.check(row.record())  # every stored move replays
