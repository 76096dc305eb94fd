"""What the routes share: the path parameters' checks and the table manager."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi import Path as PathParam

from mobtable.server.manager import TableManager

TableIdParam = Annotated[str, PathParam(pattern=r"^[A-Za-z0-9_-]{1,32}$", max_length=32)]
SeatParam = Annotated[int, PathParam(ge=0, le=15)]


def table_manager(request: Request) -> TableManager:
    """The manager of the app serving the request (``create_app`` made it)."""
    manager: TableManager = request.app.state.manager
    return manager


Manager = Annotated[TableManager, Depends(table_manager)]
