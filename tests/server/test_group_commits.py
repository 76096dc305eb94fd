"""Group commits: actions that arrive while one transaction is written go in the next."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from mobtable.server.commits import GroupCommits
from mobtable.store import ActionRow, Repository, SeatRow, TableRow
from mobtable.store.repository import StoreConflict


def _table(table_id: str) -> TableRow:
    return TableRow(
        id=table_id,
        game="sealed-bid",
        rules_version="1",
        config={"players": 2, "variants": [], "options": {}, "card_data": None},
        seed=1,
        seats=[SeatRow(0, "human"), SeatRow(1, "human")],
    )


def test_concurrent_actions_share_transactions_and_each_caller_waits_for_its_own(
    sqlite_url: str,
) -> None:
    repo = Repository(sqlite_url)
    ids = [f"t{i}" for i in range(20)]
    for table_id in ids:
        repo.create_table(_table(table_id))
    pool = ThreadPoolExecutor(1)

    async def run(fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(pool, partial(fn, *args))

    async def one(commits: GroupCommits, table_id: str) -> bool:
        await commits.append(ActionRow(table_id, 0, 0, "b1"))
        row = repo.load(table_id)  # told it is stored: it is
        return row is not None and row.actions == [(0, "b1")]

    async def main() -> tuple[list[bool], int, BaseException | None]:
        commits = GroupCommits(repo, run)
        stored = await asyncio.gather(*(one(commits, t) for t in ids))
        try:
            await commits.append(ActionRow("t0", 0, 1, "b2"))  # number 0 again
            refused = None
        except StoreConflict as exc:
            refused = exc
        await commits.drain()
        return stored, commits.batches, refused

    stored, batches, refused = asyncio.run(main())
    pool.shutdown()
    repo.close()
    assert all(stored)
    assert batches < len(ids)  # the first alone, the others while it was written: 2
    assert isinstance(refused, StoreConflict)
