"""What the Event card of the round changes (K-16).

Each function answers one question the rules ask, given the round's effect
(``None`` when no Event card is out). The phases and scoring ask these
questions instead of testing effects themselves, so every event lives here.
"""

from __future__ import annotations

from mobtable.games.capo.cards import Assignment, Effect

# The effects as module names: on Python 3.11 reading a member through its class
# (``Effect.OMERTA``) costs about ten global reads, and these tests run every round.
_SIT_DOWN, _DOUBLE_PAY, _INFORMANT = Effect.SIT_DOWN, Effect.DOUBLE_PAY, Effect.INFORMANT
_OMERTA, _CARDS_ON_THE_TABLE = Effect.OMERTA, Effect.CARDS_ON_THE_TABLE
_IN_THE_DARK, _HEAT_IS_ON = Effect.IN_THE_DARK, Effect.HEAT_IS_ON
_FRIENDLY_JUDGE, _BIG_JOB = Effect.FRIENDLY_JUDGE, Effect.BIG_JOB
_NEW_RECRUITS = Effect.NEW_RECRUITS


def max_stars(assignment: Assignment, effect: Effect | None) -> int:
    """The most stars a crew may total this round."""
    if effect is _HEAT_IS_ON:
        return max(0, assignment.stars - 1)
    if effect is _FRIENDLY_JUDGE:
        return assignment.stars + 2
    return assignment.stars


def least_play(hand_size: int, effect: Effect | None) -> int:
    """The fewest cards a seat holding ``hand_size`` cards must play."""
    least = 2 if effect is _BIG_JOB else 1
    return min(least, hand_size)


def turn_count(played: int, effect: Effect | None) -> int:
    """How many of ``played`` cards their player turns face up."""
    if effect is _IN_THE_DARK:
        return 0
    if effect is _CARDS_ON_THE_TABLE:
        return max(0, played - 1)
    return played // 2


def success_respect(effect: Effect | None) -> int:
    return 2 if effect is _DOUBLE_PAY else 1


def right_suspicion_respect(effect: Effect | None) -> int:
    return 3 if effect is _INFORMANT else 2


def wrong_suspicion_cost(effect: Effect | None) -> int:
    return 2 if effect is _OMERTA else 1


def cancels_mutual_suspicions(effect: Effect | None) -> bool:
    """Have a sit down: two players suspecting each other drop both suspicions."""
    return effect is _SIT_DOWN


def recruits(effect: Effect | None) -> bool:
    """New recruits: after the refill, every hand under 5 draws one more card."""
    return effect is _NEW_RECRUITS
