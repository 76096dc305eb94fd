"""Words for the toy sealed-bid game: a narration as small as the protocol allows.

It proves the front ends' words machinery on a game the suite owns; each real
game ships its own ``words.py``.
"""

from __future__ import annotations

import re
from typing import Any

from mobtable.core.narrator import result_line
from mobtable.core.state import Event, State
from mobtable.core.words import Reader, count, listing


class SealedBidWords:
    def action(self, state: State, seat: int, action: Any, reader: Reader) -> str:
        coins = count(action.amount, "coin")
        return f"Bid {coins}" if action.amount else "Bid nothing"

    def event(self, event: Event, reader: Reader) -> str:
        if event.kind == "bid-sealed":
            seat = int(event.data["seat"])
            return f"{reader.subject(seat)} {reader.verb(seat, 'have', 'has')} bid, face down."
        if event.kind == "bids-revealed":
            bids = [int(b) for b in event.data["bids"]]
            said = listing(f"{reader.name(s)} {count(b, 'coin')}" for s, b in enumerate(bids))
            prize = count(int(event.data["prize"]), "point")
            return f"The bids are shown: {said}; the prize was worth {prize}."
        return event.text

    def reword(self, state: State, reason: str, reader: Reader) -> str:
        match = re.fullmatch(r"seat \d+ cannot bid b\d+: it holds (\d+)", reason)
        return f"you hold only {match.group(1)} coins" if match else reason

    def prompt(self, state: State, reader: Reader) -> str:
        if state.is_over():  # the game's sentence about its end (the table's result overlay)
            return f"Game over: {result_line(state.result(), reader)}"
        waiting = state.pending()
        if reader.seat is not None and reader.seat in waiting:
            return "Your turn: bid some of your coins, face down."
        return f"Waiting for {listing(reader.name(s) for s in waiting)} to bid."


WORDS = SealedBidWords()
