"""``python -m mobtable.server --db URL --host H --port P``."""

from __future__ import annotations

import argparse
import sys

from mobtable.server import DEFAULT_DB, AddressInUse, run


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
    args = parser.parse_args(argv)
    try:
        run(
            args.host,
            args.port,
            args.db,
            bot_delay=args.bot_delay,
            bot_processes=args.bot_processes,
            log_level=args.log_level,
            on_ready=lambda url: print(f"mobtable: open {url} in a browser", flush=True),
        )
    except AddressInUse as exc:
        sys.exit(f"Error: {exc}")
    except OSError as exc:
        sys.exit(f"Error: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}")


if __name__ == "__main__":
    main()
