"""Chat messages, stored with their table.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("n", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat")
