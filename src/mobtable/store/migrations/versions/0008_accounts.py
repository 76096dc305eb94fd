"""Accounts, their sessions and seats, rated tables and ratings.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def _account_id() -> sa.Column[str]:
    """The account a row belongs to (gone with it)."""
    return sa.Column(
        "account_id",
        sa.String(32),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    )


def _table_id() -> sa.Column[str]:
    """The table a row belongs to (gone with it), part of the row's key."""
    return sa.Column(
        "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )


def upgrade() -> None:
    # a plain ALTER TABLE ... ADD COLUMN, also on SQLite: a batch operation would copy
    # "tables", and dropping the old one deletes every seat and action under
    # PRAGMA foreign_keys=ON (ON DELETE CASCADE)
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(100), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        _account_id(),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "seat_accounts",
        _table_id(),
        sa.Column("seat", sa.Integer(), primary_key=True),
        _account_id(),
    )
    op.create_table(
        "ratings",
        sa.Column("player", sa.String(60), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("player", sa.String(60), primary_key=True),
        _table_id(),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("rating_changes")
    op.drop_table("ratings")
    op.drop_table("seat_accounts")
    op.drop_table("sessions")
    op.drop_table("accounts")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
