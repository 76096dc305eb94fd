"""What the Event card of the round changes (K-16).

Each function answers one question the rules ask, given the round's effect
(``None`` when no Event card is out). The phases and scoring ask these
questions instead of testing effects themselves, so every event lives here.
"""

from __future__ import annotations

from mobtable.games.capo.cards import Assignment, Effect


def max_stars(assignment: Assignment, effect: Effect | None) -> int:
    """The most stars a crew may total this round."""
    if effect is Effect.HEAT_IS_ON:
        return max(0, assignment.stars - 1)
    if effect is Effect.FRIENDLY_JUDGE:
        return assignment.stars + 2
    return assignment.stars


def least_play(hand_size: int, effect: Effect | None) -> int:
    """The fewest cards a seat holding ``hand_size`` cards must play."""
    least = 2 if effect is Effect.BIG_JOB else 1
    return min(least, hand_size)


def turn_count(played: int, effect: Effect | None) -> int:
    """How many of ``played`` cards their player turns face up."""
    if effect is Effect.IN_THE_DARK:
        return 0
    if effect is Effect.CARDS_ON_THE_TABLE:
        return max(0, played - 1)
    return played // 2


def success_respect(effect: Effect | None) -> int:
    return 2 if effect is Effect.DOUBLE_PAY else 1


def right_suspicion_respect(effect: Effect | None) -> int:
    return 3 if effect is Effect.INFORMANT else 2


def wrong_suspicion_cost(effect: Effect | None) -> int:
    return 2 if effect is Effect.OMERTA else 1


def cancels_mutual_suspicions(effect: Effect | None) -> bool:
    """Have a sit down: two players suspecting each other drop both suspicions."""
    return effect is Effect.SIT_DOWN


def recruits(effect: Effect | None) -> bool:
    """New recruits: after the refill, every hand under 5 draws one more card."""
    return effect is Effect.NEW_RECRUITS
