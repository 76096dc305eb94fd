"""The OpenAPI schema says what the server accepts: schemathesis, in-process over ASGI, runs
every check it has (examples, coverage and fuzzing, valid and invalid data) on every
operation and finds no mismatch: no server error, valid data never refused as malformed
(422), invalid data never accepted, a 405 always with a complete ``Allow``.

One allowance: a request the schema admits may still be refused with 400, the engine's
refusal of a configuration or a move its game does not allow (a schema cannot list every
game's rules), as the schema documents for every operation. Bounded examples per
operation keep it to a few minutes on a loaded two-core machine.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.config import SchemathesisConfig

from mobtable.core import InvalidNotation
from mobtable.core.actions import MAX_NOTATION, NOTATION_PATTERN, notation_text
from mobtable.server.app import create_app
from mobtable.server.names import NAME_MAX, NAME_PATTERN, check_name

ENGINE_REFUSALS = "400"
_DB = Path(tempfile.mkdtemp(prefix="mobtable-openapi-")) / "db.sqlite"
app = create_app(f"sqlite:///{_DB}", bot_delay=0)
config = SchemathesisConfig.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", ENGINE_REFUSALS, "401", "403", "404", "409", "429"]
            }
        }
    }
)
schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=config)


@schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_every_check_passes_on_every_operation(case: schemathesis.Case) -> None:
    case.call_and_validate()


# -- the patterns the schema gives are the server's own rules --------------------------

TEXT = st.text(
    alphabet=st.sampled_from("ab Z09-'._\t\n\x0b\x1c\x7f\x00é²李\u0301\u200b\u00a0"),
    max_size=30,
)


@settings(max_examples=500, deadline=None)
@given(TEXT)
def test_the_name_pattern_is_the_name_rule(text: str) -> None:
    by_schema = 1 <= len(text) <= NAME_MAX and re.search(NAME_PATTERN, text) is not None
    try:
        check_name(text)
        accepted = True
    except ValueError:
        accepted = False
    assert accepted == by_schema


@settings(max_examples=500, deadline=None)
@given(TEXT)
def test_the_notation_pattern_is_what_the_engine_reads(text: str) -> None:
    by_schema = len(text) <= MAX_NOTATION and re.search(NOTATION_PATTERN, text) is not None
    try:
        notation_text(text, "capo")
        read = True
    except InvalidNotation:
        read = False
    assert read == by_schema


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [("PUT", "/api/tables", "GET, POST"), ("DELETE", "/rules/capo", "GET")],
)
def test_a_405_lists_every_method_of_its_path(method: str, path: str, allow: str) -> None:
    from fastapi.testclient import TestClient

    refused = TestClient(app).request(method, path)
    assert refused.status_code == 405 and refused.headers["allow"] == allow
