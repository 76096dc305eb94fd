"""A random stream's digest (fingerprints carry it) is the same in every process."""

from __future__ import annotations

import random
import subprocess
import sys

from mobtable.core.shuffle import rng_digest


def test_a_streams_digest_is_the_same_in_another_process() -> None:
    """Fingerprints carry it: two processes must agree on the same stream's state."""
    code = (
        "import random; from mobtable.core.shuffle import rng_digest; "
        "print(rng_digest(random.Random(5)))"
    )
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    rng = random.Random(5)
    assert other.stdout.strip() == rng_digest(rng)
    rng.random()
    assert rng_digest(rng) != other.stdout.strip()
