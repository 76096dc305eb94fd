"""Test-suite wiring: the toy sealed-bid game joins the registry for the conformance suite."""

from mobtable import games

games.register("sealed-bid", "support.sealed_bid")
