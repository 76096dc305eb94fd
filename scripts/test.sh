#!/usr/bin/env bash
# Install everything the tests need into .venv, then run the linters and the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[test]"
# The web tests drive Debian's Chromium; the storage tests need a running PostgreSQL.
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
if ! command -v pg_ctlcluster >/dev/null; then
  apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
  sed -i -E 's/(peer|scram-sha-256|md5)$/trust/' /etc/postgresql/*/main/pg_hba.conf
fi
if ! pg_isready -q -h 127.0.0.1; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
fi
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/python -m pytest -q "$@"
