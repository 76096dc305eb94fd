"""``python -m mobtable.server --db URL --host H --port P``."""

from __future__ import annotations

import argparse
import sys

from mobtable.server import DEFAULT_DB, AddressInUse, BadSetting, run
from mobtable.server.limits import ServerLimits

LIMITS = {
    "tables_per_minute": "tables one client may create per minute",
    "bot_tables": "unfinished bot-only tables one client may have",
    "bot_only_moves": "moves of bot-only tables under way at once, server-wide",
    "live_tables": "unfinished tables the server holds at once (a new one beyond: 503)",
    "finished_tables": "finished tables kept in memory (more are reloaded on demand)",
    "waiting_expiry": "seconds a table that has not started stays open after its last join",
    "abandoned_expiry": "seconds an unfinished game stays open once none of its players is there",
    "chat_per_minute": "chat messages one client may send a minute (after a burst of 5)",
    "ws_per_address": "WebSockets one client address may hold open at once",
    "ws_per_table": "WebSockets one table takes at once (beyond: watchers are refused)",
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m mobtable.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="0: any free port")
    parser.add_argument(
        "--db", default=DEFAULT_DB, help="sqlite:///path or postgresql+psycopg://user@host/db"
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds a bot waits before it moves"
    )
    parser.add_argument(
        "--bot-processes",
        type=int,
        default=None,
        help="worker processes for search bots (default: CPUs - 1; 0: threads only)",
    )
    parser.add_argument("--log-level", default="info")
    parser.add_argument(
        "--health-port",
        type=int,
        default=None,
        help="answer a balancer's health check on this port, from a thread of its own "
        "(200 while the event loop runs; default: none)",
    )
    defaults = ServerLimits()
    for name, text in LIMITS.items():
        variable = ServerLimits.ENVIRONMENT[name]
        parser.add_argument(
            f"--{name.replace('_', '-')}",
            type=int,
            default=None,
            help=f"{text} (default: ${variable} or {getattr(defaults, name)}; 0: no limit)",
        )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=None,
        help="a reverse proxy whose X-Forwarded-For names the client (repeatable; "
        "default: $MOBTABLE_TRUSTED_PROXIES or none: the header is ignored)",
    )
    args = parser.parse_args(argv)
    try:
        limits = ServerLimits.configured(**{name: getattr(args, name) for name in LIMITS})
    except ValueError as exc:
        parser.error(str(exc))
    try:
        run(
            args.host,
            args.port,
            args.db,
            bot_delay=args.bot_delay,
            bot_processes=args.bot_processes,
            log_level=args.log_level,
            limits=limits,
            trusted_proxies=args.trusted_proxy,
            on_ready=lambda url: print(f"mobtable: open {url} in a browser", flush=True),
            health_port=args.health_port,
        )
    except AddressInUse as exc:
        sys.exit(f"Error: {exc}")
    except BadSetting as exc:
        print(f"Error: {exc}", file=sys.stderr)
        sys.exit(2)
    except OSError as exc:
        sys.exit(f"Error: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}")


if __name__ == "__main__":
    main()
