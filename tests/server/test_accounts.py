"""Accounts: sign up, in and out, the password, sessions, CSRF, rate limits, names, seats
held by an account, a guest's games claimed, and every refusal a clear 4xx that changes
nothing (and never sends a password back)."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST
from fastapi.testclient import TestClient
from sqlalchemy import update

from mobtable.server.accounts.csrf import CSRF_COOKIE, SESSION_COOKIE
from mobtable.server.accounts.names import check_account_name, name_key
from mobtable.server.accounts.passwords import Passwords
from mobtable.server.app import create_app
from mobtable.store.models import SessionModel
from server.helpers import act, new_table

PASSWORD = "correct horse battery"
RANDOM_BOT = {"kind": "bot", "bot": "random"}


def cheap() -> Passwords:
    """Argon2 with the cheapest parameters: the tests hash many passwords."""
    return Passwords(PasswordHasher.from_parameters(CHEAPEST))


@pytest.fixture
def app_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'accounts.sqlite'}"


def browser(url: str) -> Iterator[TestClient]:
    """A client that behaves like the web client: it reads the CSRF cookie the server
    hands out and repeats it in the header of every request that changes something."""
    app = create_app(url, bot_delay=0, passwords=cheap())
    with TestClient(app) as c:
        c.get("/api/account")
        c.headers["X-CSRF-Token"] = c.cookies[CSRF_COOKIE]
        yield c


@pytest.fixture
def web(app_url: str) -> Iterator[TestClient]:
    yield from browser(app_url)


def sign_up(c: TestClient, name: str, password: str = PASSWORD, **extra: Any) -> Any:
    return c.post("/api/account/signup", json={"name": name, "password": password, **extra})


def sign_in(c: TestClient, name: str, password: str = PASSWORD) -> Any:
    return c.post("/api/account/signin", json={"name": name, "password": password})


def whoami(c: TestClient) -> Any:
    return c.get("/api/account").json()["name"]


def test_sign_up_in_out_and_change_the_password(web: TestClient) -> None:
    assert whoami(web) is None
    made = sign_up(web, "Ann")
    assert made.status_code == 201, made.text
    cookie = made.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie  # http
    assert whoami(web) == "Ann"
    assert web.post("/api/account/signout").json() == {"name": None}
    assert whoami(web) is None
    assert sign_in(web, "ann").json() == {"name": "Ann"}  # the name's case does not matter
    changed = web.post(
        "/api/account/password", json={"password": PASSWORD, "new_password": "a new secret"}
    )
    assert changed.status_code == 200, changed.text
    web.post("/api/account/signout")
    assert sign_in(web, "Ann").status_code == 401
    assert sign_in(web, "Ann", "a new secret").status_code == 200


def test_wrong_password_and_unknown_account_get_the_same_401(web: TestClient) -> None:
    sign_up(web, "Ann")
    web.post("/api/account/signout")
    wrong = sign_in(web, "Ann", "not the password")
    unknown = sign_in(web, "Nobody", PASSWORD)
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"detail": "wrong name or password", "rule": "sign-in"}
    assert whoami(web) is None


def test_a_wrong_current_password_changes_nothing(web: TestClient) -> None:
    sign_up(web, "Ann")
    refused = web.post(
        "/api/account/password", json={"password": "not the password", "new_password": "x" * 9}
    )
    assert refused.status_code == 403
    web.post("/api/account/signout")
    assert sign_in(web, "Ann").status_code == 200


def test_an_expired_session_is_a_401_and_its_cookie_is_cleared(web: TestClient) -> None:
    sign_up(web, "Ann")
    with web.app.state.manager.repo.engine.begin() as conn:  # type: ignore[attr-defined]
        conn.execute(update(SessionModel).values(expires_at=time.time() - 1))
    expired = web.get("/api/account")
    assert expired.status_code == 401 and "expired" in expired.json()["detail"]
    assert f"{SESSION_COOKIE}=" in expired.headers["set-cookie"]
    assert whoami(web) is None  # the cookie is gone: a guest again


def test_a_forged_or_replayed_session_cookie_signs_nobody_in(web: TestClient) -> None:
    sign_up(web, "Ann")
    stolen = web.cookies[SESSION_COOKIE]
    web.post("/api/account/signout")
    web.cookies.set(SESSION_COOKIE, stolen)  # replayed after signing out
    assert web.get("/api/account").status_code == 401
    web.cookies.set(SESSION_COOKIE, "made-up-" + "x" * 30)
    before = web.get("/api/tables?status=open").json()
    refused = web.post("/api/tables", json={"game": "sealed-bid", "players": 2})
    assert refused.status_code == 401
    web.cookies.delete(SESSION_COOKIE)
    assert web.get("/api/tables?status=open").json() == before  # no table was made


def test_a_state_changing_request_without_the_csrf_token_is_refused(web: TestClient) -> None:
    token = web.headers.pop("X-CSRF-Token")
    refused = sign_up(web, "Ann")
    assert refused.status_code == 403 and refused.json()["rule"] == "csrf"
    web.headers["X-CSRF-Token"] = "not-" + token
    assert sign_up(web, "Ann").status_code == 403
    web.headers["X-CSRF-Token"] = token
    foreign = web.post(
        "/api/account/signup",
        json={"name": "Ann", "password": PASSWORD},
        headers={"Origin": "https://elsewhere.example"},
    )
    assert foreign.status_code == 403
    assert sign_in(web, "Ann").status_code == 401  # none of them made the account
    assert sign_up(web, "Ann").status_code == 201


def test_a_signed_in_browser_needs_the_token_for_table_requests_too(web: TestClient) -> None:
    sign_up(web, "Ann")
    token = web.headers.pop("X-CSRF-Token")
    assert web.post("/api/tables", json={"game": "sealed-bid", "players": 2}).status_code == 403
    web.headers["X-CSRF-Token"] = token
    assert web.post("/api/tables", json={"game": "sealed-bid", "players": 2}).status_code == 201


def test_guests_need_no_token(client: TestClient) -> None:
    assert client.post("/api/tables", json={"game": "sealed-bid", "players": 2}).status_code == 201


def test_a_10_kB_password_is_refused_and_never_echoed(
    web: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    secret = "p4ss" * 2500
    for refused in (sign_up(web, "Ann", secret), sign_in(web, "Ann", secret)):
        assert refused.status_code == 422
        assert secret not in refused.text and "p4ssp4ss" not in refused.text
        assert "200 characters" in refused.text or "at most 200" in refused.text
    short = sign_up(web, "Ann", "tiny")
    assert short.status_code == 422 and "tiny" not in short.text
    assert "p4ssp4ss" not in caplog.text and "tiny" not in caplog.text
    assert whoami(web) is None


def test_passwords_are_never_stored_logged_or_sent_back(
    web: TestClient, app_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    made = sign_up(web, "Ann")
    sign_in(web, "Ann", "a wrong one to log")
    web.post("/api/account/password", json={"password": PASSWORD, "new_password": "second one"})
    for text in (PASSWORD, "a wrong one to log", "second one"):
        assert text not in made.text and text not in caplog.text
    database = Path(app_url.removeprefix("sqlite:///"))
    stored = b"".join(p.read_bytes() for p in database.parent.glob(database.name + "*"))
    assert b"$argon2id$" in stored
    for text in (PASSWORD, "a wrong one to log", "second one"):
        assert text.encode() not in stored


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("\N{CYRILLIC CAPITAL LETTER A}nn", "mixes letters"),  # a Cyrillic A and a Latin nn
        ("payp\N{CYRILLIC SMALL LETTER A}l", "mixes letters"),
        ("Ann<script>", "character a name may not have"),
    ],
)
def test_a_name_in_mixed_scripts_or_with_odd_characters_is_refused(
    web: TestClient, name: str, why: str
) -> None:
    refused = sign_up(web, name)
    assert refused.status_code in (400, 422) and why in refused.text
    assert whoami(web) is None


def test_names_are_unique_to_the_eye(web: TestClient) -> None:
    assert sign_up(web, "Kopa").status_code == 201
    web.post("/api/account/signout")
    cyrillic_kopa = "\u041a\u043e\u0440\u0430"  # all Cyrillic, reads "Kopa"
    for lookalike in ("kopa", "KOPA", " Kopa", cyrillic_kopa, "K0pa"):
        taken = sign_up(web, lookalike)
        assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    assert sign_up(web, "\u041a\u043er\u0430").status_code == 400  # Cyrillic and Latin mixed
    assert sign_up(web, "\u0412\u0435\u0440\u0430").status_code == 201  # all Cyrillic, unlike any
    assert name_key("Bill") == name_key("Bi11") == name_key("BILL")
    assert check_account_name("山田たろう") == "山田たろう"  # Japanese writes three scripts


def test_sign_in_attempts_are_rate_limited_per_account(app_url: str) -> None:
    for first in browser(app_url):
        sign_up(first, "Ann")
        first.post("/api/account/signout")
        codes = [sign_in(first, "Ann", "wrong password").status_code for _ in range(6)]
        assert codes == [401] * 5 + [429]
        limited = sign_in(first, "Ann")  # even the right password waits now
        assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
        assert whoami(first) is None


def test_sign_in_attempts_are_rate_limited_per_address(web: TestClient) -> None:
    codes = [sign_in(web, f"Someone {i}", "wrong password").status_code for i in range(11)]
    assert codes == [401] * 10 + [429]


def test_a_signed_in_player_sits_under_the_account_name(web: TestClient) -> None:
    sign_up(web, "Ann")
    made = web.post(
        "/api/tables", json={"game": "sealed-bid", "players": 2, "name": "Someone else"}
    ).json()
    seat = web.get(f"/api/tables/{made['id']}").json()["seats"][0]
    assert seat["name"] == "Ann" and seat["account"] == "Ann"


def as_player(c: TestClient, session: str) -> TestClient:
    """The same browser signed in with another session (two people, one test client)."""
    c.cookies.set(SESSION_COOKIE, session, domain="testserver.local")
    return c


def test_a_signed_in_player_cannot_act_for_another_accounts_seat(web: TestClient) -> None:
    sign_up(web, "Ann")
    ann = web.cookies[SESSION_COOKIE]
    web.cookies.delete(SESSION_COOKIE)
    sign_up(web, "Bob")
    bob = web.cookies[SESSION_COOKIE]
    table = (
        as_player(web, ann)
        .post(
            "/api/tables",
            json={"game": "sealed-bid", "players": 2, "seats": [{"kind": "human"}] * 2},
        )
        .json()
    )
    claim = as_player(web, bob).post(f"/api/tables/{table['id']}/seats/1/claim", json={})
    bob_token = claim.json()["token"]
    # Ann's seat token handed to Bob still does not let Bob, signed in, play Ann's seat
    refused = act(web, table["id"], 0, table["token"], "b1")
    assert refused.status_code == 403 and refused.json()["rule"] == "account"
    assert web.get(f"/api/tables/{table['id']}").json()["moves"] == 0
    assert act(web, table["id"], 1, bob_token, "b1").status_code == 200
    assert act(as_player(web, ann), table["id"], 0, table["token"], "b1").status_code == 200


def test_a_signed_in_player_cannot_take_another_accounts_seat_over_the_websocket(
    web: TestClient,
) -> None:
    sign_up(web, "Ann")
    ann = web.cookies[SESSION_COOKIE]
    table = web.post("/api/tables", json={"game": "sealed-bid", "players": 2}).json()
    web.cookies.delete(SESSION_COOKIE)
    sign_up(web, "Bob")
    with web.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": table["token"]})
        refused = ws.receive_json()
        assert refused["type"] == "error" and "Ann's" in refused["message"]
        assert ws.receive()["code"] == 4403
    as_player(web, ann)
    with web.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": table["token"]})
        assert ws.receive_json()["type"] == "state"


def test_a_rated_table_has_no_chosen_seed_and_no_hints(web: TestClient) -> None:
    for extra in ({"seed": 7}, {"hints": True}):
        body = {"game": "sealed-bid", "players": 2, "rated": True, **extra}
        refused = web.post("/api/tables", json=body)
        assert refused.status_code == 400 and refused.json()["rule"] == "rated"


def play_out(c: TestClient, table_id: str, seat: int, token: str) -> None:
    """Bid 3 for each prize (3 prizes, 10 coins: always affordable) until the game is over."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        summary = c.get(f"/api/tables/{table_id}").json()
        if summary["status"] == "over":
            return
        if seat in summary["pending"]:
            act(c, table_id, seat, token, "b3")
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not end")


def test_claiming_a_guests_finished_games_into_a_new_account(web: TestClient) -> None:
    done = new_table(web, seats=[{"kind": "human"}, RANDOM_BOT])
    play_out(web, done["id"], 0, done["token"])
    going = new_table(web, seats=[{"kind": "human"}, RANDOM_BOT])
    seats = [
        {"table": done["id"], "seat": 0, "token": done["token"]},
        {"table": going["id"], "seat": 0, "token": going["token"]},
        {"table": done["id"], "seat": 1, "token": "not the bot's token"},
    ]
    made = sign_up(web, "Ann", claim=seats)
    assert made.status_code == 201
    body = made.json()
    assert body["claimed"] == [done["id"]]
    assert [r["table"] for r in body["refused"]] == [going["id"], done["id"]]
    profile = web.get("/api/players/Ann").json()
    assert profile["recent"][0]["table"] == done["id"]
    assert profile["games"][0]["played"] == 1
    # a second account cannot take the same seat
    web.post("/api/account/signout")
    sign_up(web, "Bob")
    again = web.post("/api/account/claim", json={"seats": seats[:1]}).json()
    assert again["claimed"] == [] and "Ann" in again["refused"][0]["why"]


def test_a_rated_game_against_a_bot_moves_both_ratings(web: TestClient) -> None:
    sign_up(web, "Ann")
    made = web.post(
        "/api/tables",
        json={
            "game": "sealed-bid",
            "players": 2,
            "rated": True,
            "seats": [{"kind": "human"}, RANDOM_BOT],
        },
    ).json()
    assert web.get(f"/api/tables/{made['id']}").json()["rated"] is True
    play_out(web, made["id"], 0, made["token"])
    profile = web.get("/api/players/ann").json()
    [game] = profile["games"]
    assert game["played"] == 1 and game["rated_games"] == 1
    assert game["rating"] is not None and game["rating"] != 0
    assert [p["table"] for p in game["history"]] == [made["id"]]
    board = web.get("/api/leaderboard/sealed-bid").json()["players"]
    assert {e["name"] for e in board} == {"Ann", "bot, random"}
    assert len({e["rating"] for e in board}) == 2 or board[0]["rating"] == board[1]["rating"]


def test_an_unrated_game_moves_no_rating(web: TestClient) -> None:
    sign_up(web, "Ann")
    made = web.post(
        "/api/tables",
        json={"game": "sealed-bid", "players": 2, "seats": [{"kind": "human"}, RANDOM_BOT]},
    ).json()
    play_out(web, made["id"], 0, made["token"])
    [game] = web.get("/api/players/Ann").json()["games"]
    assert game["played"] == 1 and game["rating"] is None
    assert web.get("/api/leaderboard/sealed-bid").json()["players"] == []


def test_unknown_players_and_games_are_404s(web: TestClient) -> None:
    assert web.get("/api/players/Nobody").status_code == 404
    assert web.get("/api/leaderboard/chess").status_code == 404
