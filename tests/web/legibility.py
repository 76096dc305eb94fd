"""What a person at the table must always be able to read (issue 25, web items 2, 3 and 7).

``legibility_problems(page)`` measures the table page and returns the problems in words (empty:
none), for ``layout_problems`` to add to its own at every step of a game:

- nothing the player needs (the prompt, the decision, the hand, the controls, the board's
  headings and game-over lines) is under anything else — a toast, a banner, a card — at its
  centre or near its corners (``document.elementFromPoint``), unless the player opened a
  drawer, the rules or the result over it;
- no text on the board (Gangsta's, COSCA's, Capo's), nor in the notes' strip, is printed under
  11 px (SVG text at its size on screen, once at rest: not while a card turns over);
- no text on the board is cut with an ellipsis;
- the page is no taller than the window (only the board, the log and the chat scroll).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

SMALLEST_PX = 11

_SCRIPT = (Path(__file__).parent / "legibility.js").read_text(encoding="utf-8")
_MEASURE = "\n".join(line for line in _SCRIPT.splitlines() if not line.startswith("//"))


def legibility_problems(page: Page) -> list[str]:
    """What a person cannot read on the table page now, in words (empty: nothing)."""
    m = page.evaluate(_MEASURE, SMALLEST_PX)
    problems = [f"covered: {what}" for what in m["covered"]]
    problems += [f"text under {SMALLEST_PX} px: {what}" for what in m["tiny"]]
    problems += [f"text cut: {what}" for what in m["cut"]]
    if m["height"] > m["vh"] + 1:
        problems.append(f"the page is {m['height']} px tall in a {m['vh']} px window")
    return problems
