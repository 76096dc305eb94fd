#!/usr/bin/env bash
# The single test command (what .ci/run calls): makes .venv with the pinned versions in
# constraints.txt, installs Chromium, PostgreSQL, HAProxy and Node.js with apt-get when it can (as root
# on Debian) and the node suite's packages with npm ci, then runs ruff, mypy and the whole
# test suite (the node suite of the web boards too, through tests/web/node/test_boards.py). Nothing outside the clone and a
# temporary directory is changed: the PostgreSQL tests start their own throw-away server.
#
#   bash scripts/test.sh [--latest] [--allow-partial] [PYTEST ARGS...]
#
# --latest (or MOBTABLE_LATEST=1): the newest versions of every dependency, in .venv-latest.
# --allow-partial (or MOBTABLE_ALLOW_PARTIAL=1): pass even if the browser, PostgreSQL or node
#   tests could not run for want of Chromium, PostgreSQL, HAProxy or Node.js (still listed as not run).
set -uo pipefail
cd "$(dirname "$0")/.."

say() { echo "scripts/test.sh: $*" >&2; }

latest="${MOBTABLE_LATEST:-0}"
args=()
for arg in "$@"; do
  case "$arg" in
    --latest) latest=1 ;;
    *) args+=("$arg") ;;
  esac
done

python="${PYTHON:-python3}"
if ! command -v "$python" >/dev/null; then
  say "no $python: install Python 3.11 or newer (Debian: apt-get install python3 python3-venv)"
  exit 2
fi
if ! "$python" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  say "$python must be Python 3.11 or newer with venv and ensurepip (Debian: apt-get install python3-venv), or set PYTHON=python3.X"
  exit 2
fi

# -- Python packages ---------------------------------------------------------------------
if [ -n "$latest" ] && [ "$latest" != 0 ]; then
  venv=.venv-latest
  install=(--upgrade --upgrade-strategy eager -e ".[test]")
else
  venv=.venv
  # --build-constraint: the same file pins setuptools, the build's one dependency
  install=(-e ".[test]" -c constraints.txt --build-constraint constraints.txt)
fi
if [ ! -x "$venv/bin/python" ] && ! "$python" -m venv "$venv"; then
  say "could not create $venv with $python -m venv (Debian: apt-get install python3-venv)"
  exit 2
fi
if ! "$venv/bin/python" -m pip install -q --upgrade pip \
  || ! "$venv/bin/python" -m pip install -q "${install[@]}"; then
  say "pip could not install the test dependencies into $venv (is the package index reachable?)"
  exit 2
fi

# -- What the browser and PostgreSQL tests need --------------------------------------------
on_path() {  # an executable PROGRAM on PATH (bash's command -v also names non-executables)
  local found
  found=$(command -v "$1") && [ -x "$found" ] && [ -f "$found" ]
}
have_chromium() {  # 0: found; 1: not found; 2: MOBTABLE_CHROMIUM names no program
  if [ -n "${MOBTABLE_CHROMIUM+set}" ]; then [ -x "$MOBTABLE_CHROMIUM" ] || return 2; return 0; fi
  on_path chromium || on_path chromium-browser
}
have_postgres() {  # 0: found (or MOBTABLE_TEST_PG); 1: not found; 2: MOBTABLE_PG_BINDIR lacks it
  [ -n "${MOBTABLE_TEST_PG:-}" ] && return 0
  if [ -n "${MOBTABLE_PG_BINDIR+set}" ]; then [ -x "$MOBTABLE_PG_BINDIR/initdb" ] || return 2; return 0; fi
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || on_path initdb
}
apt_updated=0
provide() {  # provide CHECK PACKAGE WHAT TESTS: install PACKAGE if missing and we can, else say so
  local check=$1 package=$2 what=$3 tests=$4 found=0
  "$check" || found=$?
  if [ "$found" = 2 ]; then
    say "$what is not where the environment says; the $tests will be reported as not run"
    return
  fi
  [ "$found" = 0 ] && return
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    say "$what is missing: install it (Debian: apt-get install $package); until then the $tests will be reported as not run"
    return
  fi
  say "installing $package with apt-get (the $tests need it)"
  if [ "$apt_updated" = 0 ]; then
    apt-get update -qq >/dev/null 2>&1 || say "apt-get update failed; trying the install anyway"
    apt_updated=1
  fi
  local log
  if ! log=$(DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" 2>&1 >/dev/null); then
    say "apt-get install $package failed (${log##*$'\n'}); the $tests will be reported as not run"
  elif ! "$check"; then
    say "$what is still missing after apt-get install $package; the $tests will be reported as not run"
  fi
}
provide have_chromium chromium "Chromium (MOBTABLE_CHROMIUM)" "browser tests (tests/web)"
provide have_postgres postgresql "PostgreSQL's initdb (MOBTABLE_PG_BINDIR)" "PostgreSQL storage tests"
have_haproxy() {  # 0: found; 1: not found; 2: MOBTABLE_HAPROXY names no program
  if [ -n "${MOBTABLE_HAPROXY+set}" ]; then [ -x "$MOBTABLE_HAPROXY" ] || return 2; return 0; fi
  on_path haproxy || [ -x /usr/sbin/haproxy ]
}
provide have_haproxy haproxy "HAProxy (MOBTABLE_HAPROXY)" "multi-process tests (tests/deploy)"
have_node() { on_path node; }
have_npm() { on_path npm; }
provide have_node nodejs "Node.js (node)" "board tests without a browser (tests/web/node)"
provide have_npm npm "npm" "board tests without a browser (tests/web/node)"
if have_node && have_npm; then  # the node suite's one package (a DOM), as package-lock.json pins it
  if ! (cd tests/web/node && npm ci --silent --no-audit --no-fund >/dev/null); then
    say "npm ci failed in tests/web/node (is the npm registry reachable?); the board tests will be reported as not run"
  fi
fi

# -- Checks: each runs even if an earlier one failed ------------------------------------------
failed=()
"$venv/bin/ruff" check . || failed+=("ruff check")
"$venv/bin/ruff" format --check . || failed+=("ruff format --check")
"$venv/bin/mypy" || failed+=("mypy")
"$venv/bin/python" -m pytest -q "${args[@]}" || failed+=("pytest")
if [ ${#failed[@]} -gt 0 ]; then
  say "failed: ${failed[*]}"
  exit 1
fi
