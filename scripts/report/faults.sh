#!/bin/bash
# report/faults.sh DIR DURATION: the table of make faults from what it
# saved in DIR for each scenario S: S.csv (the guest's samples), S.pool.csv
# (the pool reader's) and S.summary (the guest's report lines, splats, OOM
# kills, kmemleak's report). A scenario passes if the load ran to its end,
# there is no splat, kmemleak reported nothing, every buffer allocated is
# on a list in the pool read after the load, and no sample saw a hold
# wrapped. The table is also saved as DIR/faults.csv.
set -eu
dir=$1 duration=$2
. "$(dirname "$0")/../config.sh"

boot=4	# what alloc_buffers() allocates, see report/pool.sh
echo "Each scenario: one boot, $duration s of load. Buffers allocated = $boot at boot + the"
echo "aa_get_buffer() kmallocs that returned one (traced); in use after the load ="
echo "allocated - global list - CPU lists, which must be 0."
echo
{ printf 'scenario\texecs\tfailed execs\tfailed forks\tallocations failed by injection\tbuffers allocated\tafter the load: CPU lists, global list, in use\thighest hold\tOOM kills\tkmemleak\tsplats\tverdict\n'
# In the order make faults runs them: none, reserve, failslab-P, pressure-P.
for s in $(cd "$dir" && ls -- *.summary | sed 's/\.summary$//' |
	   awk -F- '{ print index("none reserve failslab pressure", $1), $2 + 0, $0 }' |
	   sort -n -k1,1 -k2,2 | cut -d' ' -f3); do
	sum=$dir/$s.summary
	errs() {
		sed -n "s/^$1,//p" "$sum" | while IFS=, read -r e n; do
			case $e in
			11) e=EAGAIN ;; 12) e=ENOMEM ;; *) e="errno $e" ;;
			esac
			echo "$e $n"
		done | paste -sd, - | sed 's/,/, /g; s/^$/none/'
	}
	fails=
	if head -1 "$dir/$s.csv" | grep -q incomplete; then
		fails="load incomplete"
	fi
	execs=$(sed -n 's/^done,//p' "$sum")
	injected=$(sed -n 's/^injected,//p' "$sum")
	case $s in failslab-*)
		[ -n "$injected" ] || fails="${fails:+$fails; }no injection count" ;;
	esac
	oom=$(grep -c 'Killed process' "$sum" || true)
	leaks=$(sed '1,/^--- kmemleak/d; /^--- end of kmemleak/,$d' "$sum" | grep -c . || true)
	grep -q '^--- end of kmemleak' "$sum" || { leaks="not run"; fails="${fails:+$fails; }no kmemleak scan"; }
	[ "$leaks" = 0 ] || [ "$leaks" = "not run" ] || fails="${fails:+$fails; }kmemleak"
	splats=$(splats "$sum" | grep -c . || true)
	[ "$splats" = 0 ] || fails="${fails:+$fails; }splat"
	# The pool read after the load (the last sample), and the highest hold
	# of any sample.
	pool=$(awk -F, -v boot=$boot '
		NR == 1 { n = (NF - 5) / 2; if ($0 ~ /incomplete/) bad = 1; next }
		{ lists = 0
		  for (c = 0; c < n; c++) {
			lists += $(6 + n + c)
			if ($(6 + c) > top) top = $(6 + c)
		  }
		  last = sprintf("%d|%d|%d, %d, %d|%.0f", boot + $5, boot + $5 - $3 - lists, lists, $3, boot + $5 - $3 - lists, top) }
		END { print (bad || last == "") ? "incomplete" : last }' "$dir/$s.pool.csv")
	if [ "$pool" = incomplete ]; then
		fails="${fails:+$fails; }no pool sample after the load"
		alloc="?" after="?" top="?"
	else
		IFS='|' read -r alloc use after top <<<"$pool"
		[ "$use" = 0 ] || fails="${fails:+$fails; }$use buffers unaccounted for"
		awk -v h="$top" 'BEGIN { exit !(h >= 2 ^ 31) }' &&
			fails="${fails:+$fails; }a hold wrapped"
	fi
	printf '%s\t' "$s" "${execs:-?}" "$(errs exec_failed)" "$(errs fork_failed)" \
		"${injected:--}" "$alloc" "$after" "$top" "$oom" "$leaks" "$splats"
	echo "${fails:+FAIL: }${fails:-PASS}"
done; } | table "$dir/faults.csv"
