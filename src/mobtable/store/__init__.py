"""Persistence: tables, seats and accepted actions, through SQLAlchemy 2 Core.

SQLite by default, PostgreSQL by URL. The schema is managed by the Alembic
migrations in ``mobtable/store/migrations`` (applied by :func:`migrate`); a
table's status moves on only by :func:`mobtable.store.lifecycle.transition`.
"""

from mobtable.store.lifecycle import OPEN, IllegalStep, Step, TableStatus, transition
from mobtable.store.migrate import migrate
from mobtable.store.outage import UNREACHABLE
from mobtable.store.repository import (
    ActionRow,
    ChatRow,
    CommitUnsure,
    Repository,
    SeatRow,
    SeatsChanged,
    StoreConflict,
    TableRow,
)

__all__ = [
    "OPEN",
    "UNREACHABLE",
    "ActionRow",
    "ChatRow",
    "CommitUnsure",
    "IllegalStep",
    "Repository",
    "SeatRow",
    "SeatsChanged",
    "Step",
    "StoreConflict",
    "TableRow",
    "TableStatus",
    "migrate",
    "transition",
]
