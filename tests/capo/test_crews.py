"""Does a crew carry out an assignment? Symbols, question marks, stars (K-01..K-03, K-19)."""

from __future__ import annotations

from mobtable.games.capo.assignments import star_total, symbols_met
from mobtable.games.capo.cards import Assignment, Mafioso, Special

from .helpers import CARDS, Picker, assignment, new, play_round

SYMBOLS = CARDS.symbols


def card(*symbols: str, stars: int = 0, special: Special | None = None) -> Mafioso:
    return Mafioso(99, "test", symbols, stars, special)


def job(*symbols: str, choice: int = 0, stars: int = 5) -> Assignment:
    return Assignment(99, "test", symbols, choice, stars, False)


def test_K_01_a_symbol_shown_twice_counts_twice() -> None:
    bank = job("cash", "cash", "car")
    assert symbols_met([card("cash", "cash"), card("car")], bank, SYMBOLS)
    assert not symbols_met([card("cash", "car")], bank, SYMBOLS)
    assert symbols_met([card("cash", "car"), card("cash")], bank, SYMBOLS)
    assert not symbols_met([card("cash"), card("car")], bank, SYMBOLS)


def test_K_02_question_marks_need_further_identical_symbols() -> None:
    specialist = CARDS.assignments[assignment("Specialist mission")]
    assert symbols_met([card("pistol"), card("pistol")], specialist, SYMBOLS)
    assert not symbols_met([card("pistol"), card("knife")], specialist, SYMBOLS)
    promotion = CARDS.assignments[assignment("Promotion contract")]
    assert symbols_met([card("car", "car"), card("car", "knife")], promotion, SYMBOLS)
    assert not symbols_met([card("car", "car"), card("knife", "knife")], promotion, SYMBOLS)
    skim = CARDS.assignments[assignment("Casino skim")]  # cash + ?
    assert symbols_met([card("cash"), card("cash")], skim, SYMBOLS)
    assert symbols_met([card("cash"), card("knife")], skim, SYMBOLS)
    assert not symbols_met([card("cash")], skim, SYMBOLS)  # the cash cannot count twice


def test_K_02_vincenzo_forza_is_any_one_symbol() -> None:
    vinnie = card(special=Special.VINCENZO_FORZA)
    specialist = job(choice=2)
    assert symbols_met([vinnie, card("knife")], specialist, SYMBOLS)
    assert not symbols_met([vinnie], specialist, SYMBOLS)
    assert symbols_met([vinnie, card("cash", "car")], job("cash", "car", "pistol"), SYMBOLS)
    assert not symbols_met([vinnie, card("cash")], job("cash", "car", "pistol"), SYMBOLS)
    bucks = CARDS.assignments[assignment("A few bucks on the side")]
    assert symbols_met([vinnie], bucks, SYMBOLS)


def test_K_19_star_cutters_always_apply_even_below_zero() -> None:
    penny = card(special=Special.CAPTAIN_PENNY)
    malone = card(special=Special.JOHN_MALONE)
    assert star_total([penny, malone, card("cash", stars=2)]) == -1
    assert star_total([penny, card("cash", stars=1)]) == -1
    # "A few bucks on the side": one symbol of choice and no stars at all
    pick = Picker()
    crew = [pick.card(special=Special.CAPTAIN_PENNY), pick.card("knife", stars=2)]
    hands = [crew + pick.fillers(3), pick.fillers(5), pick.fillers(5)]
    state = new(hands, first="A few bucks on the side")
    play_round(state, {0: crew, 1: hands[1][:1], 2: hands[2][:1]}, suspicions={1: 0})
    assert state.last_round["success"][0] is True
    assert state.last_round["stars"][0] == 0


def _tony_table(options=None):
    """Seat 0 plays Little Tony alone; seat 1 plays an exact 3-star crew; seat 2 watches."""
    pick = Picker()
    tony = pick.card(special=Special.LITTLE_TONY)
    tony2 = pick.card(special=Special.LITTLE_TONY)
    exact = [pick.card("cash", stars=2), pick.card("pistol", stars=1)]
    hands = [[tony, tony2, *pick.fillers(3)], exact + pick.fillers(3), pick.fillers(5)]
    return new(hands, first="Protection racket", options=options), tony, tony2, exact


def test_K_03_little_tony_adds_a_star_to_every_suspected_player() -> None:
    state, tony, _, exact = _tony_table()
    play_round(state, {0: [tony], 1: exact, 2: state.hands[2][:1]}, suspicions={2: 0, 0: 1})
    last = state.last_round
    assert last["little_tony_stars"] == 1
    assert last["stars"][1] == 4 and last["success"][1] is False  # 3 stars + Tony's
    assert last["stars"][0] == 1 and last["success"][0] is False  # no symbols anyway
    assert last["success"][2] is True  # not suspected: untouched


def test_K_03_little_tony_without_suspicion_does_nothing() -> None:
    state, tony, _, exact = _tony_table()
    play_round(state, {0: [tony], 1: exact, 2: state.hands[2][:1]}, suspicions={0: 1})
    assert state.last_round["little_tony_stars"] == 0
    assert state.last_round["success"][1] is True


def test_K_03_two_little_tonies_add_two_stars_by_default_one_with_option() -> None:
    for options, expected in ((None, 2), ({"little_tony_stars": "once"}, 1)):
        state, tony, tony2, exact = _tony_table(options)
        crews = {0: [tony, tony2], 1: exact, 2: state.hands[2][:1]}
        play_round(state, crews, turns={0: [tony]}, suspicions={2: 0, 0: 1})
        assert state.last_round["little_tony_stars"] == expected
        assert state.last_round["stars"][1] == 3 + expected
