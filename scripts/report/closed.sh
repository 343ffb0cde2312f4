#!/bin/bash
# report/closed.sh LOG CSV: the table of the RFC's closed search from a
# KUnit log of apparmor_buffer_cache (kunit.py's test.log): for each number
# of CPUs and of buffers held at most, how many states the pool can reach
# and the depth at which the set closed. Only the counts, which are the
# same on every run; not the times. Saved as CSV too, for report/proven.sh
# and report/rfc.sh.
set -eu
. "$(dirname "$0")/../config.sh"
log=$1 csv=$2
grep -q 'states, closed at depth' "$log" ||
	die "no closed search in $log: did every_reachable_state_within_held_plus_reserve_plus_cpu_caps run?"
{ printf 'CPUs\theld at most\treserve raised at most\treachable states\tclosed at depth\toperations run\n'
  sed -n 's/^ *# every_reachable_state[a-z_]*: \([0-9]*\) CPUs, at most \([0-9]*\) held, reserve raised at most \([0-9]*\) times: \([0-9]*\) states, closed at depth \([0-9]*\); \([0-9]*\) operations, .*/\1\t\2\t\3\t\4\t\5\t\6/p' <(untimed "$log")
} | table "$csv"
