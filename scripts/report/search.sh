#!/bin/bash
# report/search.sh LOG: the tables of the exhaustive search from a KUnit log
# of apparmor_buffer_cache (kunit.py's test.log): what each search covered,
# and the most buffers the pool allocated within 1, 2, ... operations; for
# the RFC's search of the pool alone, also the most beyond reserve_count.
# Only the counts, which are the same on every run; not the times. The
# table is also saved as CSV, for report/proven.sh.
# Usage: scripts/report/search.sh LOG CSV
set -eu
. "$(dirname "$0")/../config.sh"
log=$1 csv=$2
grep -q 'distinct states' "$log" || { echo "error: no search results in $log" >&2; exit 1; }
beyond=0
grep -q 'beyond reserve_count' "$log" && beyond=1
{ printf 'case\tstart\tCPUs\theld at most\toperations\tcalls run\tdistinct states\tmost buffers allocated after 1, 2, ... operations'
  [ $beyond = 0 ] || printf '\tof those, most beyond reserve_count'
  echo
  untimed "$log" | sed -n 's/^ *# //p' | awk -v beyond=$beyond '
function row() {
	if (case_ == "") return
	printf "`%s`\t%s\t%s\t%s\t%s\t%s\t%s\t%s", case_, start, cpus, held, depth, calls, states, most
	if (beyond) printf "\t%s", over == "" ? "-" : over
	printf "\n"
	case_ = ""
}
/distinct states/ {
	row()
	# CASE: START, N CPUs, at most K held, up to L operations: C operations in S distinct states, T ms
	case_ = $1; sub(/:$/, "", case_)
	line = $0; sub(/^[^:]*: /, "", line)
	n = split(line, f, ", ")
	start = f[1]; for (i = 2; i <= n - 4; i++) start = start ", " f[i]
	cpus = f[n - 3]; sub(/ CPUs/, "", cpus)
	held = f[n - 2]; sub(/at most /, "", held); sub(/ held/, "", held)
	split(f[n - 1], a, " ")		# up to L operations: C operations in S distinct states
	depth = a[3]; calls = a[5]; states = a[8]
	most = over = ""
	next
}
/most buffers allocated after/ { most = $0; sub(/.*operations: /, "", most) }
/beyond reserve_count after/ { over = $0; sub(/.*operations: /, "", over) }
END { row() }'; } | table "$csv"
