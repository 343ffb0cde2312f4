#!/bin/bash
# The table of make dumps, from DIR/LINE/ of every line (results/dumps/):
# for each dump, its moment (the pool reader's t, seconds into the load),
# what tools/aa-buffers read from it and its exit status, and whether
# every column it read equals the reader's sample of that moment. Prints
# Markdown; writes the table to CSV.
# Usage: scripts/report/dumps.sh DIR CSV
set -eu
. "$(dirname "$0")/../config.sh"
dir=$1 csv=$2
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

{ printf 'line\tkernel\tdumped at, s\tpool shape\tCPUs whose hold wrapped\tfree buffers: global list, CPU lists, memory\texit status\tcolumns as the gdbstub reader read them\n'
for l in $LINES; do
	for k in prefix fixed rfc; do
		d=$dir/$l
		[ -f "$d/$k.txt" ] || continue
		{ head -n 1 "$d/$k.pool.csv"; tail -n 1 "$d/$k.pool.csv"; } >"$tmp"
		n=$(head -n 1 "$d/$k.tool.csv" | tr , '\n' | grep -c .)
		same="$n of $n"
		python3 "$TOP/scripts/helpers/table.py" same "$d/$k.tool.csv" "$tmp" >/dev/null ||
			same="differ: $(python3 "$TOP/scripts/helpers/table.py" same "$d/$k.tool.csv" "$tmp" | paste -sd ';')"
		wrapped=$(sed -n 's/^verdict: CPU \([0-9]*\): hold [0-9]*, wrapped.*/\1/p' "$d/$k.txt" | paste -sd ,)
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$l" "$k" \
			"$(tail -n 1 "$d/$k.pool.csv" | cut -d, -f1)" \
			"$(sed -n '1s/.*pool shape: //p' "$d/$k.txt")" \
			"$(echo "${wrapped:-none}" | sed 's/,/, /g')" \
			"$(awk '/^global list:/ { g = $3 } /^ *[0-9]+ / { c += $(NF - 1) }
				/^pool:/ { kib = $(NF - 1) } END { print g ", " c ", " kib " KiB" }' "$d/$k.txt")" \
			"$(cat "$d/$k.exit")" "$same"
	done
done; } | table "$csv"
