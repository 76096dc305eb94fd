"""COSCA's own bots. They read the seat's view and legal actions, nothing else."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from mobtable.core import Action, Bot, Decision
from mobtable.games.cosca.actions import Club, Gun, Offer, SetDice, Villa
from mobtable.games.cosca.model import ROUNDS, WEAPON_VALUE, Place
from mobtable.games.cosca.playout import meets as _meets
from mobtable.games.cosca.view_types import CoscaView

EQUALLY_GOOD = 1.0
"""Dice settings scored within this (about one money) of the best count as equally good."""


def _power(player: Mapping[str, Any]) -> int:
    return int(player["money"]) + WEAPON_VALUE * int(player["weapons"])


class GreedyBot(Bot):
    """Money first, then the mobsters it can out-bid; never bids past its means.

    Dice: each setting is scored by the money it brings today (more early in
    the week) plus, for every mobster whose condition it meets, the mobster's
    worth times the chance of out-bidding the strongest rival; among the
    settings within ``EQUALLY_GOOD`` of the best it draws one at random (its
    own seeded RNG), so several greedy players vary their dice. Gun Shop:
    always arms up. Club: buys drinks for its mobsters while money lasts.
    Villa: always asks. Fights: bids just above the strongest rival's whole
    holding when it can, else a modest stake of random size.
    """

    name = "greedy"

    def choose(self, decision: Decision) -> Action:
        view, legal = cast(CoscaView, decision.view), decision.legal
        stage = view["stage"]
        if len(legal) == 1:
            return legal[0]
        if stage == "dice":
            return self._dice(view, decision.seat, legal)
        if stage == "gun":
            return max(legal, key=lambda a: a.exchanges if isinstance(a, Gun) else -1)
        if stage == "club":
            money = view["table"][decision.seat]["money"]
            fitting = [a for a in legal if isinstance(a, Club) and len(a.positions) < money]
            return max(
                fitting or legal, key=lambda a: len(a.positions) if isinstance(a, Club) else -1
            )
        if stage == "villa":
            return next((a for a in legal if isinstance(a, Villa) and a.ask), legal[0])
        if stage == "fight":
            return self._offer(view, decision.seat, legal)
        return legal[self.rng.randrange(len(legal))]

    # -- dice -----------------------------------------------------------------
    def _dice(self, view: CoscaView, seat: int, legal: Sequence[Action]) -> Action:
        table = view["table"]
        me = table[seat]
        calendar = view["calendar"]
        days_left = ROUNDS - calendar["round"]
        money_weight = 1.0 if days_left >= 3 else 0.4
        my_power = _power(me) + 2
        rival = max((_power(p) for p in table if p["seat"] != seat), default=0)
        chance = 0.85 if my_power > rival else 0.35
        worth = []
        for mobster in view["row"]:
            # Defending one's own mobster costs resources: only a little worth.
            value = 0.6 if mobster["loyal"] == seat else (3.0 + 0.25 * days_left) * chance
            worth.append((mobster["condition"], value))
        race = calendar["race_today"]
        scored: list[tuple[float, Action]] = []
        for action in legal:
            if not isinstance(action, SetDice):
                continue
            counts = action.counts
            score = money_weight * (
                counts[Place.BANK] + (2 * counts[Place.RACETRACK] if race else 0)
            )
            score += 0.7 * min(counts[Place.GUN_SHOP], me["money"] + counts[Place.BANK])
            score += 0.8 if counts[Place.STREET] >= 2 else 0.3 * counts[Place.STREET]
            score += sum(value for cond, value in worth if _meets(cond, counts))
            scored.append((score, action))
        if not scored:
            return legal[0]
        # Settings within EQUALLY_GOOD of the best are all worth playing: the bot's own
        # seeded draw picks one, so greedy players do not mirror each other's dice.
        top = max(score for score, _ in scored)
        good = [action for score, action in scored if score >= top - EQUALLY_GOOD]
        return good[self.rng.randrange(len(good))]

    # -- fights ---------------------------------------------------------------
    def _offer(self, view: CoscaView, seat: int, legal: Sequence[Action]) -> Action:
        decision = view["decision"]
        fighters = decision.get("fighters", []) if decision else []
        table = view["table"]
        rivals = [s for s in fighters if s != seat]
        strongest = max((_power(table[s]) for s in rivals), default=0)
        mine = _power(table[seat])
        if mine > strongest:
            target = strongest + 1  # a sure win
        else:  # no sure win: a stake of unpredictable size, within its means
            target = self.rng.randint(min(mine, strongest // 3), min(mine, strongest // 2 + 2))
        offers = [a for a in legal if isinstance(a, Offer)]
        reaching = [a for a in offers if a.value >= target]
        if reaching:
            return min(reaching, key=lambda a: (a.value, -a.weapons))
        return max(offers, key=lambda a: (a.value, a.weapons))


BOTS: dict[str, type[Bot]] = {"greedy": GreedyBot}
