"""Alembic migrations of the mobtable database (applied by ``mobtable.store.migrate``)."""
