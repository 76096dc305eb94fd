"""Request and message models (pydantic): everything a client sends is checked here."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StringConstraints,
)

from mobtable.bots.hints import HINT_LEVEL
from mobtable.core.actions import MAX_NOTATION, NOTATION_PATTERN
from mobtable.server.accounts.passwords import PASSWORD_MAX, PASSWORD_MIN
from mobtable.server.chat import CHAT_MAX
from mobtable.server.clocks import LONGEST, TURN_BASED
from mobtable.server.names import NAME_MAX, NAME_PATTERN, RULE, check_name

TableId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
Token = Annotated[str, StringConstraints(min_length=1, max_length=100)]
Name = Annotated[
    str,
    AfterValidator(check_name),  # the rule's own words when refused, not pydantic's
    Field(
        description=RULE,
        json_schema_extra={"minLength": 1, "maxLength": NAME_MAX, "pattern": NAME_PATTERN},
    ),
]
Notation = Annotated[
    str,
    StringConstraints(min_length=1, max_length=MAX_NOTATION),
    # the engine refuses the rest (400, rule "notation"), in its own words
    Field(json_schema_extra={"pattern": NOTATION_PATTERN}),
]
REQUEST_MIN, REQUEST_MAX = 22, 100
REQUEST_RULE = (
    f"a random key of {REQUEST_MIN} to {REQUEST_MAX} URL-safe characters (A-Z, a-z, 0-9, - and _)"
)
REQUEST_PATTERN = rf"^[A-Za-z0-9_-]{{{REQUEST_MIN},{REQUEST_MAX}}}$"
_REQUEST = re.compile(REQUEST_PATTERN)


def check_request(text: str) -> str:
    """``text`` as a request key, or ``ValueError`` saying what one is (never quoting it:
    the key is a secret, like a token)."""
    if not REQUEST_MIN <= len(text) <= REQUEST_MAX:
        raise ValueError(f"the key 'request' is {len(text)} characters long: {REQUEST_RULE}")
    if not _REQUEST.match(text):
        raise ValueError(f"the key 'request' has a character a key may not have: {REQUEST_RULE}")
    return text


RequestKey = Annotated[
    str,
    AfterValidator(check_request),
    Field(
        description=(
            f"{REQUEST_RULE}, chosen afresh for each claim and sent again with its retries: "
            "a retry of a claim that was taken (its answer lost) answers it again"
        ),
        json_schema_extra={"pattern": REQUEST_PATTERN},
    ),
]
OptionText = Annotated[str, StringConstraints(max_length=100)]
OptionValue = bool | StrictInt | float | OptionText | None
ShortName = Annotated[str, StringConstraints(max_length=40)]
GameName = Annotated[str, StringConstraints(min_length=1, max_length=40)]

EXACT_FLOAT = 2**53
"""Floats are exact whole numbers up to here (JavaScript's too: the web API's seed stays
below it, so a browser sends the seed it was given)."""


def _whole(value: Any) -> Any:
    """A JSON number with no fraction as the whole number it is (``2.0`` is 2: the schema's
    ``integer`` admits it); anything else as given, for the strict check to refuse
    (``true``, ``"2"``, ``2.5``). Beyond 2^53 a float is no longer exact, so such a number
    must be written as digits alone."""
    if isinstance(value, float) and value.is_integer():
        if abs(value) > EXACT_FLOAT:
            raise ValueError(
                "a whole number beyond 2^53 must be written without a decimal point or exponent"
            )
        return int(value)
    return value


WHOLE = BeforeValidator(_whole)
"""Whole numbers everywhere: ``true`` is not seat 1, nor ``"1"``; ``1.0`` is 1. It goes last
in an ``Annotated``, after the bounds, so the schema keeps them (``minimum``, ``maximum``)."""
SeatNo = Annotated[StrictInt, Field(ge=0, le=15), WHOLE]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    """One seat of a new table: a place for a person, or a bot by name."""

    kind: Literal["human", "bot"] = "human"
    bot: ShortName | None = Field(
        default=None, description="bot name (for kind 'bot'); default: the game's best simple bot"
    )


class CreateTable(Strict):
    game: GameName
    players: Annotated[StrictInt, Field(ge=1, le=16), WHOLE]
    variants: Annotated[list[ShortName], Field(max_length=20)] = []
    options: Annotated[dict[ShortName, OptionValue], Field(max_length=30)] = {}
    seed: Annotated[StrictInt, Field(ge=0, lt=EXACT_FLOAT), WHOLE] | None = Field(
        default=None,
        description="deal seed, below 2^53 (the whole numbers a browser's JSON keeps exact; "
        "records and the CLI take any seed below 2^63); hidden from players until the game "
        "is over; whoever chose it can know every hand, so the table tells everyone who "
        "joins (seed_chosen)",
    )
    seats: Annotated[list[SeatSpec], Field(max_length=16)] | None = Field(
        default=None, description="one entry per seat; default: seat 0 human, the others bots"
    )
    clock: Annotated[StrictInt, Field(ge=1, le=LONGEST), WHOLE] | None = Field(
        default=None,
        description="seconds per move (at most a week); on expiry a bot moves for the seat. "
        f"{TURN_BASED} or more makes a turn-based table: players come and go between moves, "
        "nobody may seat a bot for one who is away, and it does not close for want of players",
    )
    replace_after: Annotated[StrictInt, Field(ge=5, le=86400), WHOLE] = Field(
        default=60, description="seconds a player may be away before others can seat a bot"
    )
    sit: SeatNo | None = Field(default=0, description="the seat the creator takes (null: none)")
    name: Name | None = None
    request: RequestKey | None = Field(
        default=None,
        description=f"{REQUEST_RULE}, chosen afresh for each new table and sent again with "
        "its retries: a retry of a creation that was stored (its answer lost) answers with "
        "the same table and a fresh token of seat 'sit' (with 'sit' null it is not kept)",
        repr=False,
    )
    reveal_at_end: StrictBool = Field(
        default=False,
        description="the players agree to show everything once the game is over: the full "
        "record (seed and all) and every seat's replay, even what the game keeps secret",
    )
    hints: StrictBool = Field(
        default=False,
        description=f"players may ask for the {HINT_LEVEL.name} bot's suggestion at the table "
        "(a hint)",
    )
    rated: StrictBool = Field(
        default=False,
        description="the game's end moves the ratings of the signed-in players and bot "
        "levels at it (no chosen seed, no hints)",
    )


class OpenTutorial(Strict):
    game: GameName
    name: Name | None = Field(default=None, description=f"{RULE}; none: the tutorial's own")


class Claim(Strict):
    name: Name | None = Field(default=None, description=f"{RULE}; none: a default name")
    request: RequestKey | None = Field(default=None, repr=False)


class SeatAuth(Strict):
    seat: SeatNo
    token: Token


class SeatAuthAt(SeatAuth):
    """A seat at a table, proved by its token."""

    table: TableId


class Act(SeatAuth):
    action: Notation


class ReplaceWithBot(SeatAuth):
    """Sent by another seated player (``seat``/``token``) to put a bot in ``target``."""

    bot: ShortName | None = None


class Ready(SeatAuth):
    """A player in the waiting room says whether they are ready to start."""

    ready: StrictBool = True


class Start(SeatAuth):
    """The table's creator starts the game; free seats get ``bot`` (default: the game's)."""

    bot: ShortName | None = None


class TableCreated(BaseModel):
    id: str
    seat: int | None
    token: str | None
    url: str


class Claimed(BaseModel):
    seat: int
    token: str
    url: str


class Accepted(BaseModel):
    version: int = Field(
        description=(
            "the moves you know of after this one "
            "(the parts of other seats' sealed commits are not counted)"
        )
    )


class Problem(BaseModel):
    detail: str
    rule: str | None = None


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    players_notes: dict[str, str] = Field(
        default={}, description="what a number of players means for play, in plain words"
    )
    blurb: str = Field(default="", description="what the game is, in one or two sentences")
    length: str = Field(default="", description="how long a game takes, in words")
    simultaneous: bool
    variants: list[dict[str, str]]
    options: list[dict[str, Any]] = Field(
        description="name (the key), label and description in words, decision id, "
        "default, choices and their labels"
    )
    bots: list[str] = Field(description="bot names, weakest level first")
    bot_levels: list[dict[str, str]] = Field(
        default=[], description="each bot in the order of ``bots``: name and one line on it"
    )
    default_bot: str
    tutorial: bool = Field(
        default=False, description="it has a guided first game (POST /api/tutorials)"
    )
    end_reveal: dict[str, Any] = Field(
        description="after the end: 'everything' (true: the full record is public) "
        "and, in words, what stays hidden otherwise"
    )


class SeatPublic(BaseModel):
    seat: int
    kind: str
    bot: str | None
    name: str | None
    display: str = Field(default="", description="the name players read (a default if unnamed)")
    label: str = Field(default="", description='the name with a bot\'s level: "Vito (bot, hard)"')
    claimed: bool
    ready: bool = Field(default=False, description="said ready in the waiting room")
    connected: bool
    away_since: float | None
    account: str | None = Field(
        default=None, description="the account whose seat this is (null: a guest or a bot)"
    )


class TableSummary(BaseModel):
    id: str
    game: str
    title: str
    players: int
    status: Literal["waiting", "playing", "over", "expired"] = Field(
        description="waiting: in the waiting room (free seats, not started); expired: "
        "never started, or every player left, and closed"
    )
    host: int | None = Field(default=None, description="the creator's seat: who starts")
    expires_at: float | None = Field(
        default=None, description="when a waiting table closes unless someone joins (epoch s)"
    )
    expired: str | None = Field(default=None, description="why the table closed, in words")
    moves: int
    seats: list[SeatPublic]
    free_seats: list[int]
    pending: list[int]
    thinking: list[int]
    deadlines: dict[str, float]
    clock: int | None
    turn_based: bool = Field(description="a clock of an hour or more per move: turn-based")
    replace_after: int
    result: dict[str, Any] | None
    rematch: str | None
    variants: list[str]
    options: dict[str, Any]
    reveal_at_end: bool = Field(description="the table's option to show everything at the end")
    end_reveal: Literal["everything", "public"] = Field(
        description="what this table publishes once over: the full record, or only what "
        "was shown at the table"
    )
    hints: bool = Field(default=False, description="players may ask for hints")
    seed_chosen: bool = Field(
        default=False,
        description="the creator chose the seed, so can know every hand (the seed itself "
        "stays hidden, as at every table)",
    )
    seed_notice: str | None = Field(
        default=None, description="where the seed was chosen, the sentence saying so, in words"
    )
    settings: list[str] = Field(
        default=[],
        description="how the table is set up, one line each in words: clock, hints, "
        "variants, every option's value, the away rule",
    )
    rated: bool = Field(default=False, description="its end moves the players' ratings")
    tutorial: bool = Field(
        default=False, description="a guided first game (never in the lobby, never rated)"
    )


class Guide(BaseModel):
    """A tutorial table's guide, in the learner's state message (docs/web.md)."""

    lesson: int = Field(description="the current lesson, from 1 (the last once all are done)")
    lessons: int = Field(description="how many lessons the guided game has")
    welcome: str | None = Field(description="the guide's welcome, before the first move")
    say: str | None = Field(
        description="the lesson, in the game's words, while its decision is the learner's"
    )
    point: str | None = Field(description="the board part the lesson is about: a data-role")
    move: str | None = Field(description="the move the lesson teaches, in words")
    done: bool = Field(description="every lesson is learnt: the learner plays on freely")
    farewell: str | None = Field(description="the guide's last words, once done")


class TableState(BaseModel):
    """What one seat (or a spectator) may know now; the WebSocket sends the same."""

    type: Literal["state"] = "state"
    table: TableSummary
    seat: int | None
    version: int
    view: dict[str, Any] = Field(
        description="the game's view for this seat: its JSON Schema is "
        "docs/schemas/GAME.view.schema.json (mobtable schema GAME)"
    )
    legal: list[dict[str, str]] = Field(
        description="a: the notation to send; label: the move in words for this seat"
    )
    events: list[dict[str, Any]] = Field(description="text: the log line for this reader")
    prompt: str = Field(default="", description="what the table asks of this reader now")
    outcome: str | None = Field(
        default=None, description="once over, the game's sentence about its end for this reader"
    )
    tiebreak: str | None = Field(
        default=None, description="once over, what decided the result, in the game's words"
    )
    breakdown: dict[str, Any] | None = Field(
        default=None,
        description="once over, how each score was made, in words: columns (headings) "
        "and rows (per seat, in seat order, its cells)",
    )
    log_reset: bool
    guide: Guide | None = Field(
        default=None, description="at a tutorial table, the learner's guide (else null)"
    )


class ReplayStep(BaseModel):
    seat: int | None = Field(description="the seat whose action led here (null: the deal)")
    view: dict[str, Any]
    events: list[dict[str, Any]]


class Replay(BaseModel):
    table: TableSummary
    seat: int | None = Field(description="whose view every step shows (null: a spectator's)")
    steps: list[ReplayStep]
    outcome: str | None = Field(
        default=None, description="the game's sentence about its end: who won, what decided it"
    )
    tiebreak: str | None = Field(
        default=None, description="what decided the result, in the game's words"
    )
    breakdown: dict[str, Any] | None = Field(
        default=None,
        description="once over, how each score was made, in words: columns (headings) "
        "and rows (per seat, in seat order, its cells)",
    )


# -- accounts ---------------------------------------------------------------------------
Password = Annotated[
    str,
    StringConstraints(min_length=PASSWORD_MIN, max_length=PASSWORD_MAX),
    Field(description=f"{PASSWORD_MIN} to {PASSWORD_MAX} characters (never sent back)"),
]


class SignIn(Strict):
    name: Name
    password: Password


class SignUp(SignIn):
    claim: Annotated[list[SeatAuthAt], Field(max_length=200)] = Field(
        default=[],
        description="this browser's seats at finished games (their tokens prove them), "
        "to count as the new account's games",
    )


class PasswordChange(Strict):
    password: Password = Field(description="the current password")
    new_password: Password


class ClaimGames(Strict):
    seats: Annotated[list[SeatAuthAt], Field(max_length=200)]


class AccountInfo(BaseModel):
    name: str | None = Field(description="the signed-in account's name (null: a guest)")


class ClaimedGames(BaseModel):
    claimed: list[str] = Field(description="the tables whose seat is now the account's")
    refused: list[dict[str, str]] = Field(description="table and, in words, why not")


# -- WebSocket messages from a client ------------------------------------------------
class WsHello(Strict):
    type: Literal["hello"]
    seat: SeatNo | None = None
    token: Token | None = None
    name: Annotated[str, StringConstraints(max_length=NAME_MAX * 4)] | None = Field(
        default=None,
        description="a spectator's name in the chat (one that is no name is left out: "
        "the spectator is then 'a spectator')",
    )


class WsAct(Strict):
    type: Literal["act"]
    action: Notation
    ref: Annotated[StrictInt, Field(ge=0, lt=2**53), WHOLE] | None = None


class WsExplain(Strict):
    """Ask why an action is refused, without playing it."""

    type: Literal["explain"]
    action: Notation


class WsPing(Strict):
    type: Literal["ping"]


class WsHint(Strict):
    """Ask what the hints' level (``expert``) would play for this seat (tables with hints
    only)."""

    type: Literal["hint"]


class WsChat(Strict):
    """A chat message to everyone at the table (players and spectators)."""

    type: Literal["chat"]
    text: Annotated[str, StringConstraints(max_length=CHAT_MAX * 4)]


WsMessage = Annotated[
    WsHello | WsAct | WsExplain | WsPing | WsHint | WsChat, Field(discriminator="type")
]


class HeldSeat(Strict):
    """A seat this browser holds: the table, the seat and its secret token."""

    table: TableId
    seat: SeatNo
    token: Token


class YourSeats(Strict):
    """The seats a browser holds, to ask where it is their move."""

    seats: Annotated[list[HeldSeat], Field(max_length=100)]


class YourTable(BaseModel):
    """One table a proven seat sits at, as that seat may know it."""

    id: str
    url: str
    game: str
    title: str
    seat: int
    names: list[str] = Field(description="the players' names, seat by seat")
    status: Literal["waiting", "playing", "over", "expired"]
    your_move: bool = Field(description="the game waits for this seat")
    deadline: float | None = Field(description="when this seat's clock runs out (epoch s)")
    clock: int | None
    turn_based: bool = Field(description="a clock of an hour or more per move")
    moves: int = Field(description="the moves this seat knows of")
