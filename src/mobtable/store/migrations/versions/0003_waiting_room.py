"""The waiting room: who created the table, who is ready, when someone last joined.

A table's ``status`` may now also be ``waiting`` (before the game starts) and
``expired`` (never started, or abandoned); the column is text, so only the
new columns change the schema.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("host", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("joined_at", sa.Float(), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("ready", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("ready")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("joined_at")
        batch.drop_column("host")
