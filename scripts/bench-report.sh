#!/bin/bash
# bench-report.sh DIR: the tables of make bench from its boots' lines in
# DIR (DESIGN-CPUS-ROUND.csv, as bench/init.sh printed them): per design,
# vCPUs and load, pairs/s (or lstat() calls/s) in all and per CPU, the
# median over the rounds with the range; the ratio to today's pool (fixed)
# of the same round and vCPUs, its median and range; and, from the counted
# runs, the pool lock per 1,000 pairs and the kmallocs. Saves the tables as
# DIR/bench.csv and DIR/counts.csv; prints Markdown.
set -eu
. "$(dirname "$0")/config.sh"
dir=$1

# rate FILE LOAD: the timed run's pairs (or calls) per second, all CPUs
rate() {
	case $2 in
	lstat) awk -F, '$1 == "timed" && $2 == "lstat" { c += $4; ns = $5 > ns ? $5 : ns }
		END { if (ns) printf "%.0f\n", c * 1e9 / ns }' "$1" ;;
	*) awk -F, -v m="$2" '$1 == "timed" && $3 == m && $4 == "all" {
		printf "%.0f\n", $5 * 1e9 / $6 }' "$1" ;;
	esac
}
# med: "median (least-most)" of the numbers on standard input
med() { median_range | awk '{ printf "%s", $1; if ($2 != $3) printf " (%s-%s)", $2, $3; print "" }'; }

designs=$(ls "$dir"/*-*-*.csv | sed 's#.*/##; s#-.*##' | sort -u)
cpus_list=$(ls "$dir"/*-*-*.csv | sed 's#.*/[a-z]*-##; s#-.*##' | sort -nu)
loads='one two atomic lstat'
{ printf 'load\tvCPUs\tdesign\trounds\tpairs or calls/s, all CPUs\tper CPU\tover today'"'"'s pool, per round\n'
for load in $loads; do
	for cpus in $cpus_list; do
		for d in $designs; do
			rates= ratios=
			for f in "$dir/$d-$cpus"-*.csv; do
				r=$(rate "$f" $load); [ -n "$r" ] || continue
				rates="$rates $r"
				base=$(rate "$dir/fixed-$cpus-${f##*-}" $load 2>/dev/null || true)
				[ -z "$base" ] || ratios="$ratios $(awk -v a="$r" -v b="$base" 'BEGIN { printf "%.3f", a / b }')"
			done
			n=$(echo $rates | wc -w)
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $load "$cpus" "$d" "$n" \
				"$(echo $rates | tr ' ' '\n' | med)" \
				"$(echo $rates | tr ' ' '\n' | awk -v c="$cpus" '{ print $1 / c }' | med)" \
				"$(echo $ratios | tr ' ' '\n' | grep . | med)"
		done
	done
done; } | table "$dir/bench.csv"
echo
# The counted runs: pool lock acquisitions (trylocks that got it, and
# spin_lock calls), failed trylocks, kmallocs, per 1,000 pairs (or calls).
{ printf 'load\tvCPUs\tdesign\tlock acquisitions per 1,000 pairs\tof them spin_lock, after a failed trylock or a retry\tfailed trylocks per 1,000 pairs\tkmallocs per 1,000 pairs\n'
for load in $loads; do
	for cpus in $cpus_list; do
		for d in $designs; do
			for f in "$dir/$d-$cpus"-*.csv; do
				awk -F, -v l=$load '
					$1 == "counted" && l != "lstat" && $3 == l && $4 == "all" { p = $5 }
					$1 == "counted" && l == "lstat" && $2 == "lstat" { p += $4 }
					$1 == "count" && $2 == l { c[$3] = $4 }
					END { if (p) printf "%.1f %.1f %.1f %.1f\n",
						(c["tried"] + c["spin"]) * 1000 / p, c["spin"] * 1000 / p,
						(c["try"] - c["tried"]) * 1000 / p, c["kmalloc"] * 1000 / p }' "$f"
			done >"$dir/.counts"
			cols=
			for i in 1 2 3 4; do cols="$cols	$(cut -d' ' -f$i "$dir/.counts" | med)"; done
			printf '%s\t%s\t%s%s\n' $load "$cpus" "$d" "$cols"
		done
	done
done; } | table "$dir/counts.csv"
rm -f "$dir/.counts"
