"""The HTTP API in ``APIRouter`` modules, one per part of the API (``app.py`` includes them):
``games`` (what this server plays), ``tables`` (the lobby, the waiting room, seats,
rematches), ``tutorials`` (a guided first game), ``play`` (a seat's state and its
moves), ``replays`` (finished games), ``pages`` (the web client's pages); the rules
pages are :mod:`mobtable.server.rules`, the WebSocket :mod:`mobtable.server.ws`. A route
only reads its request and answers from the table manager
(:data:`~mobtable.server.routes.params.Manager`)."""
