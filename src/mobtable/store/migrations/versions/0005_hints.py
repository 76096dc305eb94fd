"""A table may let its players ask for hints (chosen at creation).

Revision ID: 0005
Revises: 0002 (web-shell's branch; 0004 once web-join's migrations are on main)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
