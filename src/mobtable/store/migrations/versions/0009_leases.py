"""Several server processes on one database: who is alive, which table each holds, and
the lobby every process reads.

``servers``: one row per running ``mobtable serve`` process, its heartbeat an expiry
time on the database's clock. ``leases``: the process that holds each live table
(valid while that process's heartbeat is), and the process that asked for it
(``wanted_by``: the holder hands it over). ``tables.lobby`` and
``tables.public_moves``: the table's public summary as its holder last wrote it, and
the moves every spectator knows of (the lobby's order).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "servers",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("address", sa.String(200), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "leases",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("owner", sa.String(32), nullable=False, index=True),
        sa.Column("wanted_by", sa.String(32), nullable=True),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("lobby", sa.JSON(), nullable=True))
        batch.add_column(
            sa.Column("public_moves", sa.Integer(), nullable=False, server_default="0")
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("public_moves")
        batch.drop_column("lobby")
    op.drop_table("leases")
    op.drop_table("servers")
