"""The server speaks in words: labels, log lines, prompt, names, the lobby's facts, rules pages."""

from __future__ import annotations

import html
import json
import random
import time
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from mobtable import games
from mobtable.core.narrator import Narrator
from mobtable.core.words import default_names
from mobtable.server.messages import labels

from .helpers import act, claim, new_table, served_config, state


def _wait(check: Callable[[], bool], timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.02)


def test_the_payload_carries_the_narrations_words_for_its_reader(client: TestClient) -> None:
    created = new_table(client, name="Marco")
    tid, token0 = created["id"], created["token"]
    token1 = claim(client, tid, 1)
    assert act(client, tid, 1, token1, "b4").status_code == 200
    mine = state(client, tid, 0, token0).json()
    watcher = state(client, tid, None, None).json()

    game = games.get("sealed-bid")
    record = client.get(f"/api/tables/{tid}").json()
    names = [s["display"] for s in record["seats"]]
    assert names == ["Marco", "Carla"]  # the claimed seat has no name: a default one
    live = game.new_state(game.config(2), seed=1)  # the words of a bid depend on no card
    live.apply_text(1, "b4")
    words = Narrator(game, 0, names, 2)
    assert [m["a"] for m in mine["legal"]] == [str(a) for a in live.legal(0)]
    assert [m["label"] for m in mine["legal"]] == [words.action(live, 0, a) for a in live.legal(0)]
    assert mine["legal"][3]["label"] == "Bid 3 coins"
    assert mine["events"][-1]["text"] == "Carla has bid, face down."
    assert mine["prompt"] == "Your turn: bid some of your coins, face down."
    assert watcher["legal"] == []
    assert watcher["prompt"] == "Waiting for Marco to bid."
    theirs = state(client, tid, 1, token1).json()
    assert theirs["events"][-1]["text"] == "You have bid, face down."
    assert theirs["prompt"] == "Waiting for Marco to bid."


def test_seats_are_named_bots_with_their_level_and_the_end_in_names(client: TestClient) -> None:
    created = new_table(
        client,
        players=3,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}] * 1
        + [{"kind": "bot", "bot": "easy"}],
        name="Marco",
    )
    tid, token0 = created["id"], created["token"]
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert [s["display"] for s in seats] == ["Marco", "Carla", "Salvo"]
    assert [s["label"] for s in seats] == ["Marco", "Carla (bot, random)", "Salvo (bot, easy)"]
    for _ in range(3):
        _wait(lambda: 0 in client.get(f"/api/tables/{tid}").json()["pending"])
        assert act(client, tid, 0, token0, "b0").status_code == 200
    _wait(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "over")
    over = state(client, tid, 0, token0).json()
    assert over["prompt"].startswith("The game is over. ")
    assert "wins." in over["prompt"] or "share the win." in over["prompt"]
    steps = client.get(f"/api/tables/{tid}/replay").json()["steps"]
    texts = [e["text"] for step in steps for e in step["events"]]
    assert texts and all("seat" not in t.lower() and "[" not in t for t in texts)
    assert any(t.startswith("The bids are shown: Marco ") for t in texts)


def test_the_lobby_describes_games_options_and_bots_in_words(client: TestClient) -> None:
    listed = {g["name"]: g for g in client.get("/api/games").json()}
    toy = listed["sealed-bid"]
    assert toy["blurb"].startswith("Bid coins in secret") and toy["length"] == "a minute"
    for info in listed.values():
        assert info["bots"][:3] == ["easy", "medium", "hard"]
        assert [b["name"] for b in info["bot_levels"]] == info["bots"]
        assert all(b["description"] for b in info["bot_levels"])
        game = games.get(info["name"])
        for option, declared in zip(info["options"], game.options, strict=True):
            assert option["label"] == (declared.label or declared.name)
            assert option["decision"] == declared.decision
            assert len(option["choice_labels"]) == len(option["choices"])


@pytest.mark.parametrize("name", games.names())
def test_every_game_has_a_rules_page_with_its_options_and_variants(
    client: TestClient, name: str
) -> None:
    game = games.get(name)
    page = client.get(f"/rules/{name}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert game.title in page.text
    fragment = client.get(f"/api/games/{name}/rules").json()
    assert fragment["title"] == game.title and fragment["html"] in page.text
    # "Little Tony's" comes as Little Tony&#x27;s or, typeset, with a curly apostrophe
    text = html.unescape(page.text).replace("\u2019", "'")
    for variant in game.variants:
        assert variant.name in text
    for option in game.options:
        assert (option.label or option.name) in text


def test_an_unknown_games_rules_are_a_clear_404(client: TestClient) -> None:
    page = client.get("/rules/poker")
    assert page.status_code == 404 and "no game 'poker'" in html.unescape(page.text)
    api = client.get("/api/games/poker/rules")
    assert api.status_code == 404 and "no game 'poker'" in api.json()["detail"]


@pytest.mark.parametrize("name", games.names())
def test_every_games_payload_labels_are_its_narrations(client: TestClient, name: str) -> None:
    game = games.get(name)
    players = game.min_players
    created = new_table(
        client, game=name, players=players, seats=[{"kind": "human"}] * players, seed=11
    )
    tid = created["id"]
    tokens = {0: created["token"], **{s: claim(client, tid, s) for s in range(1, players)}}
    live = game.new_state(served_config(client, tid, game, players), seed=11)
    names = [s["display"] for s in client.get(f"/api/tables/{tid}").json()["seats"]]
    for seat in live.pending():
        payload = state(client, tid, seat, tokens[seat]).json()
        words = Narrator(game, seat, names, players)
        assert payload["legal"] == [
            {"a": str(a), "label": words.action(live, seat, a)} for a in live.legal(seat)
        ]
        assert payload["prompt"] == words.prompt(live)
        assert [e["text"] for e in payload["events"]] == [
            words.event(e) for e in live.events_for(seat)
        ]


@pytest.mark.parametrize("name", games.names())
def test_labels_made_all_at_once_are_the_narrations_one_by_one(name: str) -> None:
    """A payload's labels (``live.labels``: a narration's ``actions``, sharing the work
    its labels have in common, where it has one) say what ``Narrator.action`` says of
    each move, for every reader, the mover or not, over random games."""
    game = games.get(name)
    players = game.max_players
    names = default_names(players)
    rng = random.Random(5)
    for seed in range(4):
        live = game.new_state(game.config(players), seed=seed)
        while not live.is_over():
            for seat in live.pending():
                legal = live.legal(seat)
                for reader in (*range(players), None):
                    words = Narrator(game, reader, names, players)
                    one_by_one = [words.action(live, seat, a) for a in legal]
                    assert labels(words, live, seat, legal) == one_by_one
            seat = rng.choice(list(live.pending()))
            live.apply(seat, rng.choice(list(live.legal(seat))))


def test_a_move_refused_over_the_websocket_is_told_in_words(client: TestClient) -> None:
    """A stale or mistaken tap (a card already turned up, one not in the hand) comes back in
    the seat's words, like ``explain``: the move's label and the reason, never notation."""
    created = new_table(
        client,
        game="gangsta",
        players=3,
        seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
    )
    tid, token = created["id"], created["token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        first = ws.receive_json()
        # to the seat's first trick play: the deal may open on a redraw ("keep" the hand)
        while first["type"] != "state" or not any(len(m["a"]) == 3 for m in first["legal"]):
            if first["type"] == "state" and first["legal"]:
                ws.send_json({"type": "act", "action": first["legal"][0]["a"]})
            first = ws.receive_json()
        # a card the seat has seen nowhere: one another seat already played is known to it,
        # and its refusal names it (``Play Yakuza 2 weak: not in your hand``)
        seen = json.dumps(first)
        absent = next(
            f"{m}{v}{p}"
            for m in "YICR"
            for v in range(2, 10)
            for p in "SW"
            if f'"{m}{v}{p}"' not in seen
        )
        ws.send_json({"type": "act", "action": absent, "ref": 3})
        refused = ws.receive_json()
        while refused["type"] != "error":
            refused = ws.receive_json()
    said = refused["message"]
    assert refused["ref"] == 3 and said
    assert absent not in said and said.startswith("Play a card not in your hand: "), said
