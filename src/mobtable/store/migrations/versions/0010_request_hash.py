"""The key of the request that took a seat, as its SHA-256 digest: a retried claim (its
answer lost, the server gone) gets its seat back (``TableManager.claim``).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("request_hash", sa.String(64), nullable=True))
        batch.create_index("ix_seats_request_hash", ["request_hash"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_request_hash")
        batch.drop_column("request_hash")
