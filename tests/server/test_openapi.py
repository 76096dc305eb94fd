"""The OpenAPI schema is accurate: schemathesis, in-process over ASGI, finds no server error.

Bounded examples per operation keep it quick; responses must match the
documented status codes, content types and schemas.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from mobtable.server.app import create_app

_DB = Path(tempfile.mkdtemp(prefix="mobtable-openapi-")) / "db.sqlite"
app = create_app(f"sqlite:///{_DB}", bot_delay=0)
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_server_errors_and_responses_match_the_schema(case: schemathesis.Case) -> None:
    case.call_and_validate(
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ]
    )
