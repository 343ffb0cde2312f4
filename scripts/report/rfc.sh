#!/bin/bash
# report/rfc.sh CSV: the RFC cover letter's comparison of today's pool
# (the default line's),
# RFC v1, v2 and v3 (patches/rfc/), each cell from a file the workbench
# wrote: v1's and v2's in results/rfc/v1/ and v2/ (see their README.md),
# today's and v3's in results/ and patches/rfc/ (today's reclaim in v1's
# run). Medians of the 5 rounds of make bench-pairs (native, SMP UML).
# Prints the Markdown table that docs/rfc.md and the cover letter quote;
# saves CSV.
set -eu
. "$(dirname "$0")/../config.sh"
cd "$TOP"
R=results V1=results/rfc/v1 V2=results/rfc/v2

# code NUMSTAT...: lines added and removed in lsm.c and include/path.h
code() { awk '$3 ~ /lsm\.c$|path\.h$/ { a += $1; d += $2 }
	END { printf "+%d -%d", a, d }' "$@"; }
# insns FILE COLUMN: aa_get_buffer + aa_put_buffer of make insns' COLUMN
insns() { awk -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i }
	/^aa_(get|put)_buffer / { v[++n] = $k } END { print v[1] " + " v[2] }' "$1"; }
# uml TABLE COLUMN DESIGN: make bench-pairs' medians at 1 and 2 CPUs, load
# one, init_on_alloc=1 (Debian's default), from its pairs-table.csv TABLE
uml() {
	for c in 1 2; do
		table_get "$1" "$2" "UML CPUs=$c" \
			init_on_alloc=1 mode=one design="$3" | cut -d' ' -f1
	done | paste -sd/ | sed 's|/| / |g'
}
# after DIR KERNEL: the free buffers after reclaim, runs apart by ;
after() {
	[ -f "$1/reclaim.csv" ] || { echo "make reclaim not run yet"; return; }
	per_run "$1/reclaim.csv" 'after: global list, CPU lists, reserve' "$2"
}
# closed FILE COLUMN: that column at 3 buffers held, on 2, 3 and 4 CPUs
closed() {
	for c in 2 3 4; do
		table_get "$1" "$2" CPUs=$c 'held at most=3'
	done | paste -sd/ | sed 's|/| / |g'
}
v1ops=$(table_get $V1/search.csv operations | sort -n | tail -1)
negops=$(sed -n '1s/.*from a new pool://p' $R/rfc/negative.txt | wc -w)
v3=$(for p in "$RFC_PATCHES"/000[1-9]-*.patch; do git apply --numstat "$p"; done)
pairs=$R/bench-pairs/pairs-table.csv
# search FILE: the closed search's cell
search() { echo "$(closed "$1" 'reachable states'), closed at depth $(closed "$1" 'closed at depth')"; }

{ printf "\ttoday's $DEFAULT_LINE pool\tRFC v1\tRFC v2\tRFC v3\n"
  printf 'lines of lsm.c and path.h, added and removed\t-\t%s\t%s\t%s\n' \
	"$(code $V1/numstat.txt)" "$(code $V2/numstat.txt)" "$(echo "$v3" | code)"
  printf 'x86_64 instructions, aa_get_buffer + aa_put_buffer\t%s\t%s\t%s\t%s\n' \
	"$(insns $R/insns/$DEFAULT_LINE.txt after)" "$(insns $V1/insns.txt rfc)" \
	"$(insns $V2/insns.txt rfc)" "$(insns $R/insns/$DEFAULT_LINE.txt rfc)"
  printf 'reachable states, 2 / 3 / 4 CPUs, up to 3 buffers held\tthe bound fails after %s operations on 2 CPUs, 1 held\tnot closed: every sequence up to %s operations\t%s\t%s\n' \
	"$negops" "$v1ops" "$(search $V2/closed.csv)" "$(search $R/rfc/closed.csv)"
  printf 'get/put pairs per second, over today'"'"'s, natively (SMP UML), 1 / 2 CPUs\t1 / 1\tnot measured\t%s\t%s\n' \
	"$(uml $V2/pairs-table.csv "over today's, per round" rfc)" \
	"$(uml $pairs "over today's, per round" rfc)"
  printf 'pool lock acquisitions per 1,000 pairs, natively (SMP UML, counted in the timed run), 1 / 2 CPUs\t%s\tnot measured\t%s\t%s\n' \
	"$(uml $pairs 'locks per 1,000 pairs' fixed)" \
	"$(uml $V2/pairs-table.csv 'locks per 1,000 pairs' rfc)" \
	"$(uml $pairs 'locks per 1,000 pairs' rfc)"
  printf 'free buffers after reclaim: global list, CPU lists, reserve, per run\t%s\t%s\t%s\t%s\n' \
	"$(after $V1 fixed)" "$(after $V1 rfc)" "$(after $V2 rfc)" \
	"$(after $R/reclaim rfc)"
} | table "$1"
