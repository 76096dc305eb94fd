"""Persistence: tables, seats and accepted actions, through SQLAlchemy 2.

SQLite by default, PostgreSQL by URL. The schema is managed by the Alembic
migrations in ``mobtable/store/migrations`` (applied by :func:`migrate`).
"""

from mobtable.store.migrate import migrate
from mobtable.store.repository import ActionRow, ChatRow, Repository, SeatRow, TableRow

__all__ = ["ActionRow", "ChatRow", "Repository", "SeatRow", "TableRow", "migrate"]
