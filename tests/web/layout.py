"""Layout properties a table page must keep at every step (issue: the web table).

``layout_problems(page, phone=...)`` measures the page in the browser and returns the problems in
words (an empty list when the page is fine), so a test can assert on it at each step of a game and
show every problem at once:

- no horizontal scrolling;
- the prompt, the hand (``[data-role=hand]``, when the game shows one) and the legal-move controls
  (``[data-role=legal-moves]`` and board elements with ``data-legal``) inside the viewport;
- no two visible interactive elements overlapping (a lifted card may overlap its own neighbours by
  less than a quarter of its area: cards in a fanned hand are drawn overlapping on purpose only
  when each keeps a tappable strip of at least 44 px);
- on the phone, tap targets of at least 44 by 44 CSS px (a target's own box or, for SVG pieces, its
  bounding box);
- and what ``legibility.legibility_problems`` checks: nothing the player needs covered, no text
  under 11 px, none cut with an ellipsis, the page no taller than the window.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from web.legibility import legibility_problems

TAP = 44

_SCRIPT = (Path(__file__).parent / "layout.js").read_text(encoding="utf-8")
_MEASURE = "\n".join(line for line in _SCRIPT.splitlines() if not line.startswith("//"))


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> float:
    w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(0.0, w) * max(0.0, h)


def _inside(b: dict[str, Any], vw: float, vh: float) -> bool:
    return b["x"] >= -1 and b["y"] >= -1 and b["x"] + b["w"] <= vw + 1 and b["y"] + b["h"] <= vh + 1


def layout_problems(page: Page, *, phone: bool) -> list[str]:
    """What is wrong with the page's layout now, in words (empty: nothing)."""
    m = page.evaluate(_MEASURE)
    vw, vh = m["vw"], m["vh"]
    problems = []
    if m["scrollWidth"] > vw + 1:
        problems.append(f"horizontal scroll: the page is {m['scrollWidth']} px wide in {vw} px")
    for role, b in m["roles"].items():
        if role in ("prompt", "hand", "confirm") and not _inside(b, vw, vh):
            problems.append(f"the {role} is outside the viewport: {b}")
    targets = m["targets"]
    for t in targets:
        if not _inside(t, vw, vh):
            problems.append(f"the control {t['name']!r} is outside the viewport: {t}")
        if phone and (t["w"] < TAP - 0.5 or t["h"] < TAP - 0.5):
            size = f"{t['w']:.0f} by {t['h']:.0f} px"
            problems.append(f"the control {t['name']!r} is {size} (< {TAP})")
    for i, a in enumerate(targets):
        for b in targets[i + 1 :]:
            shared = _overlap(a, b)
            if shared > 0.25 * min(a["w"] * a["h"], b["w"] * b["h"]):
                problems.append(f"the controls {a['name']!r} and {b['name']!r} overlap")
    return problems + legibility_problems(page)
