"""The web boards drawn from the golden views without a browser: the ``node --test`` suite
beside this file (``*.test.mjs``), run here so its failures fail the test command.

``scripts/test.sh`` installs its one package (linkedom, a DOM) with ``npm ci``; without Node.js
or those packages the test is reported as not run, like the browser tests without Chromium.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from support.prerequisites import missing

HERE = Path(__file__).parent
NODE_HINT = "install Node.js 20 or newer with npm (Debian: apt-get install nodejs npm)"


def test_every_board_shows_each_golden_view_as_its_seat_may_see_it() -> None:
    node = shutil.which("node")
    if node is None:
        missing("Node.js", f"no node on PATH: {NODE_HINT}")
    if not (HERE / "node_modules" / "linkedom").is_dir():
        missing("the node suite's packages", f"run 'npm ci' in {HERE} (scripts/test.sh does)")
    run = subprocess.run(
        [node, "--test", "--test-reporter=dot"],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, f"node --test failed:\n{run.stdout[-8000:]}\n{run.stderr[-2000:]}"
    assert list(HERE.glob("*.test.mjs")), "the node suite has no test files"
