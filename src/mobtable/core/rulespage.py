"""A game's rules page in Markdown: the one source of the web page and the terminal's.

Each game ships ``games/<name>/rules.md`` in its own words (the rulebook
paraphrased). A game without one yet gets a short page built from its
declaration (what it is, players, length, variants, options), so that every
front end can still show something true.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from mobtable.core.game import Game, Option

RULES_FILE = "rules.md"


def rules_markdown(game: Game, package: str) -> str:
    """The Markdown of ``game``'s rules page (``package``: the game's Python package)."""
    try:
        page = resources.files(package).joinpath(RULES_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError, TypeError):
        return declared_rules(game)
    if not game.options:
        return page
    # the lobby's words for each option, from the declaration itself, so the page and
    # the table-creation form can never disagree
    glance = ["", "## The options at a glance", "", *(option_line(o) for o in game.options), ""]
    return page.rstrip("\n") + "\n" + "\n".join(glance)


def declared_rules(game: Game) -> str:
    """A page from the game's declaration alone (for a game whose rules.md is missing)."""
    lines = [f"# {game.title}", ""]
    lines += [
        "*The full rules page in our own words is still being written; "
        "this one lists what the game declares.*",
        "",
    ]
    if game.blurb:
        lines += [game.blurb, ""]
    facts = f"**Players:** {game.min_players} to {game.max_players}."
    if game.length:
        facts += f" **Length:** {game.length}."
    lines += [facts, ""]
    notes = [
        f"- {n} players: {note}"
        for n in range(game.min_players, game.max_players + 1)
        if (note := game.players_note(n))
    ]
    if notes:
        lines += [*notes, ""]
    if game.variants:
        lines += ["## Variants", ""]
        lines += [f"- **{v.name}**: {v.description}" for v in game.variants]
        lines.append("")
    if game.options:
        lines += ["## Options", ""]
        lines += [option_line(o) for o in game.options]
        lines.append("")
    return "\n".join(lines)


def option_line(option: Option) -> str:
    """One option as a Markdown list item: label, choices in words, the decision's id."""
    label = option.label or option.name
    choices = ", ".join(choice_words(option, c) for c in option.choices)
    default = choice_words(option, option.default)
    ref = f" (rule decision {option.decision})" if option.decision else ""
    return f"- **{label}** ({choices}; normally {default}): {option.description}{ref}"


def choice_words(option: Option, choice: Any) -> str:
    """A choice as people read it: its label, or yes/no for a switch."""
    if option.choice_labels and choice in option.choices:
        return option.choice_labels[option.choices.index(choice)]
    if isinstance(choice, bool):
        return "yes" if choice else "no"
    return str(choice)
