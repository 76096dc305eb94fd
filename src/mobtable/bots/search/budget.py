"""How long a search may run: a number of iterations, a time, or both."""

from __future__ import annotations

from dataclasses import dataclass

from mobtable.core import BadConfig


@dataclass(frozen=True, slots=True)
class Budget:
    """A search budget; the search stops at whichever limit it reaches first.

    Attributes:
        iterations: the number of iterations (determinizations) to run, or
            ``None`` for no iteration limit. With an iteration limit and no
            time limit, a search with a fixed seed is fully reproducible.
        seconds: wall-clock thinking time, or ``None`` for no time limit.

    Example:
        >>> Budget(iterations=500)
        Budget(iterations=500, seconds=None)
        >>> Budget.parse("0.5s"), Budget.parse("2000")
        (Budget(iterations=None, seconds=0.5), Budget(iterations=2000, seconds=None))
    """

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise BadConfig("a search budget needs iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise BadConfig(f"a search budget needs at least 1 iteration, not {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise BadConfig(f"a search budget needs a positive time, not {self.seconds}")

    @classmethod
    def parse(cls, text: str) -> Budget:
        """``"0.5s"`` (seconds), ``"800ms"`` or ``"2000"`` (iterations)."""
        raw = text.strip().lower()
        try:
            if raw.endswith("ms"):
                return cls(seconds=float(raw[:-2]) / 1000)
            if raw.endswith("s"):
                return cls(seconds=float(raw[:-1]))
            return cls(iterations=int(raw))
        except ValueError as exc:
            raise BadConfig(
                f"{text!r} is not a budget like '0.5s', '800ms' or '2000' (iterations)"
            ) from exc

    @property
    def deterministic(self) -> bool:
        """True when the result depends only on the seed (no time limit)."""
        return self.seconds is None

    def __str__(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} iterations")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " or ".join(parts)
