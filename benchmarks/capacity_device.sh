#!/usr/bin/env bash
# Issue 29's capacity table, on a quiet machine with many cores, in about 10 minutes; prints markdown.
#
# Run from the repository's root: bash benchmarks/capacity_device.sh [--quick] [--budget SECONDS]
#
# The rows the issue asks for (2,000 players in 500 rooms, a word every 0.5 s; 4,000 in 1,000 every 1.0 s;
# 4,000 in 1,000 every 0.5 s), then the most players one server process holds with every verdict's p99 and
# the loop's lag at most 50 ms (4 players a room, a word every 0.5 s): doubling from 4,000 (or halving), then
# halving the gap between the last that held and the first that did not, while the budget lasts.
# Each row is benchmarks/multiplayer.py: `boggle server` pinned on one core, the players in up to 15
# processes on the others (the server's hyperthread sibling aside). A row holds when p99 <= 50 ms, lag max
# <= 50 ms, every word sent answered, at least 95% of the words asked sent, and every player typing through
# the whole window.
#
# Needs: Python 3.11 or later with the project's dependencies importable (pip install -e . beforehand; no
# network is used); a C compiler makes the engine's core (else the Python engine deals, more slowly). Nothing
# is written outside a scratch folder but the word lists' cache. --quick: a small run of every step (a test
# of the script: 200 and 400 players, 8-s windows), for a machine with few cores.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
budget=570 # seconds for the whole script: the device gives 10 minutes
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1 ;;
	--budget) budget="$2"; shift ;;
	*) echo "usage: $0 [--quick] [--budget SECONDS]" >&2; exit 2 ;;
	esac
	shift
done

python=${PYTHON:-python3}
if ! "$python" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null; then
	echo "needs Python 3.11 or later as \$PYTHON or python3" >&2
	exit 2
fi
if ! missing=$("$python" -c 'import websockets, platformdirs, rich, babel' 2>&1); then
	echo "the project's dependencies are not importable (pip install -e . first): ${missing##*$'\n'}" >&2
	exit 2
fi
if ! "$python" -c 'import _boggle_core' 2>/dev/null && command -v cc >/dev/null; then
	"$python" setup.py -q build_ext --inplace >/dev/null 2>&1 || echo "(the C core did not build: the Python engine deals)" >&2
fi
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" QUICK=$quick BUDGET=$budget PYTHON=$python
exec "$python" benchmarks/capacity_table.py
