"""Test-suite wiring: the toy sealed-bid game joins the registry for the conformance suite;
the plugins report tests whose prerequisites are missing and serve a throw-away PostgreSQL."""

from mobtable import games

pytest_plugins = ["support.prerequisites", "support.postgres", "support.vacuous"]

games.register("sealed-bid", "support.sealed_bid")
