"""``python -m mobtable.cli``."""

from mobtable.cli import app

if __name__ == "__main__":  # worker processes re-import this module under another name
    app(prog_name="mobtable")
