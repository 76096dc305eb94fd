"""Each game's guided first game completed in the browser at 1366x768 and 390x844, as a
person would: "Learn to play" in the lobby, then only the board's own controls are clicked
(cards, grid cells, city places, steppers, confirm buttons). At every lesson the guide's
bubble is checked: its lesson number, and the board part it points at ([data-role=...])
lit, in the window, not under the bubble nor anything else (elementFromPoint), and the
decision's controls not under the bubble either. One wrong move per game is made on
purpose: the bubble explains it and the right move is then accepted. The game ends on the
congratulation with "Play a real game", which opens a game of the same title.

Screenshots go to the artifacts (with ``MOBTABLE_SCREENSHOTS=update``, also to
docs/screenshots/tutorial-*.png)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from mobtable import games
from web.conftest import serve
from web.layout import layout_problems
from web.play import SIZES
from web.test_shell import _keep as keep

WAIT_MS = 20_000
CONFIRM = "#board [data-role=confirm]"


@dataclass(frozen=True)
class Step:
    """The clicks of one move as a person makes it; ``lessons``: the lessons it completes
    (Capo's crew, counted and laid at once, completes three)."""

    clicks: tuple[str, ...]
    lessons: int = 1
    wrong: tuple[str, ...] = ()
    """Clicks of a move the lesson does not teach, made first, on purpose."""


def card(code: str) -> str:
    return f"#board [data-focus-key='card:{code}']"


def cell(name: str) -> str:
    return f"#board [data-focus-key='cell:{name}']"


def place(letter: str) -> str:
    """A COSCA city place by its die letter (Bank, Gun Shop, Racetrack, Club, Villa, Street)."""
    return f"#board [data-place='{'BGRCVS'.index(letter)}'][data-legal='1']"


def dice(letters: str) -> tuple[str, ...]:
    return (*(place(x) for x in letters), f"{CONFIRM}[data-a='{letters}']")


def pick(card_id: int) -> str:
    return f"#board [data-pick='{card_id}']"


SCRIPTS: dict[str, tuple[Step, ...]] = {
    "gangsta": (
        Step((CONFIRM,)),  # keep the hand
        Step((card("I9W"),), wrong=(card("Y5W"),)),
        Step((cell("A3"),)),  # the Irish 3 weak is picked first
        Step(("#board [data-focus-key='won:I4S']", cell("A1"))),
        Step((cell("A2"),)),
        Step((card("R9S"),)),
        Step((card("Y5W"), card("Y6W"))),  # picked, then its mate plays the pair
        Step((card("Y3S"),)),
    ),
    "cosca": (
        Step(dice("RCV")),
        Step(("#board button[data-a='villa']",), wrong=("#board button[data-a='novilla']",)),
        Step(dice("RRCVS")),
        Step(("#board [data-pos='1'][data-legal='1']", f"{CONFIRM}[data-a='club1']")),
        Step(("#board button[data-a='villa']",)),
        Step(
            (
                *["#board [data-step='money+']"] * 4,
                "#board [data-step='weapons+']",
                f"{CONFIRM}[data-a='4m1w']",
            )
        ),
        Step((f"{CONFIRM}[data-a='0m0w']",)),
    ),
    "capo": (
        Step((pick(31), pick(42), CONFIRM), lessons=3),  # count, Picciotto, Soldato
        Step((pick(31), CONFIRM)),  # turned face up
        Step(
            ("#board [data-suspect='1']", CONFIRM),
            wrong=("#board [data-suspect='nobody']", CONFIRM),
        ),
        Step((pick(26), CONFIRM), lessons=2),  # a bluff of one card
        Step(("#board [data-suspect='1']", CONFIRM)),
    ),
}

# The pointed part: the visible part of it (clipped by the window and every scrolling
# box around it), whether that lies under the guide's bubble, and what the page shows at
# a few points of it (elementFromPoint: it or something inside it).
POINTED = """(role) => {
  const el = document.querySelector(`#board [data-role="${role}"]`);
  if (!el) return { missing: true };
  let r = el.getBoundingClientRect();
  let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  const clip = (c) => {
    box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top),
            right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom) };
  };
  clip({ left: 0, top: 0, right: innerWidth, bottom: innerHeight });
  for (let p = el.parentElement; p; p = p.parentElement) {
    const o = getComputedStyle(p).overflow;
    if (o !== "visible") clip(p.getBoundingClientRect());
  }
  const width = box.right - box.left, height = box.bottom - box.top;
  const g = document.getElementById("guide").getBoundingClientRect();
  // a control's part on screen: inside the board's box (which scrolls) and the window
  const view = document.getElementById("board").getBoundingClientRect();
  const seenOf = (c) => ({
    left: Math.max(c.left, view.left, 0), top: Math.max(c.top, view.top, 0),
    right: Math.min(c.right, view.right, innerWidth),
    bottom: Math.min(c.bottom, view.bottom, innerHeight) });
  const overlaps = (a) =>
    a.left < g.right && a.right > g.left && a.top < g.bottom && a.bottom > g.top;
  const points = [[.5, .5], [.25, .3], [.75, .7]]
    .map(([fx, fy]) => [box.left + fx * width, box.top + fy * height]);
  const hits = width < 1 || height < 1 ? []
    : points.map(([x, y]) => document.elementFromPoint(x, y));
  const hidden = hits.filter((hit) => !hit || !(el === hit || el.contains(hit)))
    .map((hit) => (hit ? hit.className.baseVal ?? hit.className : null));
  const controls = [...document.querySelectorAll(
    "#board [data-legal='1'], #board [data-role=confirm]")]
    .map((c) => seenOf(c.getBoundingClientRect()))
    .filter((c) => c.right > c.left && c.bottom > c.top && overlaps(c)).length;
  return { lit: el.classList.contains("guide-point"), width, height, fullWidth: r.width,
           fullHeight: r.height, underBubble: width > 0 && overlaps(box), hidden, controls };
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own: tutorials' bots move at once (no other table's bots around)."""
    yield from serve(tmp_path_factory.mktemp("tutorials") / "db.sqlite")


def lesson_shown(page: Page, number: int) -> None:
    """Wait until the bubble gives lesson ``number`` with its text (the learner's move)."""
    page.wait_for_function(
        """(n) => {
          const p = document.querySelector('#guide [data-role=guide-progress]');
          const say = document.querySelector('#guide [data-role=guide-say]:not(.muted)');
          return p && say && p.textContent === `lesson ${n} of ${p.textContent.split(' of ')[1]}`;
        }""",
        arg=number,
        timeout=WAIT_MS,
    )
    page.wait_for_timeout(150)  # the board's entrance animations


def check_pointing(page: Page, role: str, where: str) -> None:
    seen: dict[str, Any] = page.evaluate(POINTED, role)
    assert not seen.get("missing"), f"{where}: no [data-role={role}] on the board"
    assert seen["lit"], f"{where}: {role} is not lit"
    least_w, least_h = min(seen["fullWidth"], 40), min(seen["fullHeight"], 40)
    assert seen["width"] >= least_w and seen["height"] >= least_h, (
        f"{where}: {role} out of view {seen}"
    )
    assert not seen["underBubble"], f"{where}: the bubble covers {role}"
    assert seen["hidden"] == [], f"{where}: {role} is covered by {seen['hidden']}"
    assert seen["controls"] == 0, f"{where}: the bubble covers {seen['controls']} controls"


def click_all(page: Page, clicks: tuple[str, ...]) -> None:
    for selector in clicks:
        page.locator(selector).first.click(timeout=WAIT_MS)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(SCRIPTS))
def test_each_tutorial_completed_by_clicking(
    browser: Any, site: str, artifacts: Path, game: str, size: str
) -> None:
    tutorial = games.get(game).tutorial
    assert tutorial is not None
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script("localStorage.setItem('mobtable:motion', '0')")
    page = context.new_page()
    try:
        page.goto(f"{site}/")
        learn = page.locator(f"[data-learn='{game}']")
        learn.wait_for(timeout=WAIT_MS)
        assert learn.is_visible()
        if game == "gangsta":
            keep(page, artifacts, f"tutorial-lobby-{size}")
        learn.click()
        page.wait_for_url("**/t/*", timeout=WAIT_MS)
        done = 0
        for k, step in enumerate(SCRIPTS[game]):
            lesson = tutorial.lessons[done]
            where = f"{game} at {size}, lesson {done + 1}"
            lesson_shown(page, done + 1)
            assert page.locator("#guide [data-role=guide-say]").inner_text() == lesson.say
            if lesson.point:
                check_pointing(page, lesson.point, where)
            assert layout_problems(page, phone=size == "phone") == [], where
            if k == 1:
                keep(page, artifacts, f"tutorial-{game}-lesson-{size}")
            if step.wrong:
                click_all(page, step.wrong)
                wrong = page.locator("#guide [data-role=guide-wrong]")
                wrong.wait_for(timeout=WAIT_MS)
                assert lesson.wrong in wrong.inner_text(), where
                if lesson.point:
                    check_pointing(page, lesson.point, f"{where}, refused")
                keep(page, artifacts, f"tutorial-{game}-wrong-{size}")
                lesson_shown(page, done + 1)  # still this lesson: try again
            click_all(page, step.clicks)
            done += step.lessons
        assert done == len(tutorial.lessons)
        congrats = page.locator("#guide [data-role=guide-congrats]")
        congrats.wait_for(timeout=WAIT_MS)
        real = page.locator("#guide-real-game")
        assert real.is_visible() and real.inner_text() == "Play a real game"
        assert tutorial.farewell in page.locator("#guide").inner_text()
        if game == "gangsta":
            keep(page, artifacts, f"tutorial-done-{size}")
        tutorial_url = page.url
        real.click()
        page.wait_for_function(
            "(old) => location.pathname.startsWith('/t/') && !old.includes(location.pathname)",
            arg=tutorial_url,
            timeout=WAIT_MS,
        )
        page.wait_for_selector("#board[data-status]", timeout=WAIT_MS)
        assert page.locator("#guide").is_hidden()  # a real game: no guide
        assert games.get(game).title in page.title()
    finally:
        context.close()
