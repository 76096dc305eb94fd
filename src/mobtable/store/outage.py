"""The errors of a database that cannot be reached right now (stopped, restarting, the
network down, SQLite's file locked too long): the server answers them with 503, and the
next call tries again (the pool checks a connection before lending it, ``pool_pre_ping``,
so one cut by a restart is replaced instead of failing)."""

from __future__ import annotations

from sqlalchemy.exc import InterfaceError, OperationalError

UNREACHABLE = (OperationalError, InterfaceError)
