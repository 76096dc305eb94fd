#!/usr/bin/env bash
# The README's first command as a new user meets it: a clean clone of this repository's
# committed HEAD in a temporary directory, a fresh venv, `pip install -e .`, then
# `mobtable serve` until it answers HTTP on 127.0.0.1. Then each extra installed into that
# venv, with every wheel pip built named (only mobtable's own editable wheel, pure Python,
# is expected: nothing is compiled). Prints wall clock, CPU and the load average.
#
#   bash benchmarks/install_time.sh                   # with pip's cache as it is
#   bash benchmarks/install_time.sh --no-cache-dir    # every package fetched and unpacked
#   EXTRAS="" bash benchmarks/install_time.sh         # the first command only
#
# Arguments are passed to every `pip install`. The temporary directory is removed at the end.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
extras=${EXTRAS-lab cluster research}
work=$(mktemp -d /tmp/mobtable-install-XXXXXX)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

git clone -q "$repo" "$work/clone"
cd "$work/clone"
echo "# $(git log -1 --format='%h %s' | cut -c1-80)"
echo "# pip options: ${*:-(none)}; $(nproc) cores; $(python3 --version)"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$(now)"; }

echo "## python3 -m venv .venv && .venv/bin/pip install $* -e . && .venv/bin/mobtable serve --port $port"
uptime
start=$(now)
/usr/bin/time -o time.txt -f "venv + install: %e s wall clock, %U s user + %S s system CPU" \
  bash -c "python3 -m venv .venv && .venv/bin/pip install $* -e . > pip.log 2>&1" \
  || { tail -20 pip.log; exit 1; }
cat time.txt
installed=$(since "$start")
grep -E "^(Building|Created wheel|Successfully installed)" pip.log | cut -c1-160 || true
.venv/bin/mobtable serve --port "$port" > serve.log 2>&1 &
server=$!
for _ in $(seq 600); do  # at most 120 s
  if curl -sf -o /dev/null "http://127.0.0.1:$port/"; then break; fi
  sleep 0.2
done
curl -sf -o /dev/null -w "GET / answered %{http_code}\n" "http://127.0.0.1:$port/"
echo "install: $installed s; until the server answered HTTP: $(since "$start") s"
kill "$server"; wait "$server" 2>/dev/null || true; server=""
uptime

for extra in $extras; do
  echo
  echo "## .venv/bin/pip install $* -e '.[$extra]'"
  uptime
  /usr/bin/time -o time.txt -f "extra $extra: %e s wall clock, %U s user + %S s system CPU" \
    .venv/bin/pip install "$@" -e ".[$extra]" > "pip-$extra.log" 2>&1 \
    || { tail -20 "pip-$extra.log"; exit 1; }
  cat time.txt
  grep -E "^ *(Building|Created wheel|Successfully installed)" "pip-$extra.log" | cut -c1-160 || true
  echo "wheels built: $(grep -c "Created wheel for" "pip-$extra.log" || true)" \
    "($(grep -o "Created wheel for [^:]*: filename=[^ ]*" "pip-$extra.log" | sed 's/.*filename=//' | tr '\n' ' '))"
done
uptime
