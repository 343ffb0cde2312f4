#!/bin/bash
# bench-report.sh DIR: the tables of make bench from its boots' lines in
# DIR (DESIGN-CPUS-ROUND.csv, as bench/init.sh printed them):
#   bench.csv   per load, vCPUs and design, pairs/s (lstat() calls/s) of
#               all CPUs and per CPU, median over the rounds and range, and
#               the ratio to today's pool (fixed) of the same round and
#               vCPUs, its median and range;
#   counts.csv  from the counted runs, pool lock acquisitions, the
#               contended ones, failed trylocks and kmallocs per 1,000 pairs;
#   memory.csv  kmalloc-8k objects in use before the loads and after them,
#               and the buffers the pool holds after them, as the pool
#               reader read it (pool-DESIGN-CPUS-ROUND.csv);
#   bench.png   pairs/s against vCPUs, a panel per load, a line per design,
#               the range as error bars.
# Prints the Markdown of the three tables.
set -eu
. "$(dirname "$0")/config.sh"
dir=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# rate FILE LOAD: the timed run's pairs (or calls) per second, all CPUs
rate() {
	case $2 in
	lstat) awk -F, '$1 == "timed" && $2 == "lstat" { c += $4; ns = $5 > ns ? $5 : ns }
		END { if (ns) printf "%.0f\n", c * 1e9 / ns }' "$1" ;;
	*) awk -F, -v m="$2" '$1 == "timed" && $3 == m && $4 == "all" {
		printf "%.0f\n", $5 * 1e9 / $6 }' "$1" ;;
	esac
}
# counts FILE LOAD: lock acquisitions (trylocks that got the lock, and
# spin_lock calls), the spin_lock calls, the contended ones (spun in the
# slow path), failed trylocks and kmallocs, per 1,000 pairs (or calls) of
# the counted run
counts() {
	awk -F, -v l="$2" '
		$1 == "counted" && l != "lstat" && $3 == l && $4 == "all" { p = $5 }
		$1 == "counted" && l == "lstat" && $2 == "lstat" { p += $4 }
		$1 == "count" && $2 == l { c[$3] = $4 }
		END { if (p) printf "%.1f %.1f %.1f %.1f %.1f\n",
			(c["tried"] + c["spin"]) * 1000 / p, c["spin"] * 1000 / p,
			c["contend"] * 1000 / p, (c["try"] - c["tried"]) * 1000 / p,
			c["kmalloc"] * 1000 / p }' "$1"
}
# held FILE: the buffers on the global list, on the CPU lists, in the
# mempool's reserve (the allocator alone) and in all, in the pool reader's
# line FILE; "-" for a place the design does not have
held() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[i] = $i; next }
		{ g = c = m = "-"
		  for (i = 1; i <= NF; i++)
			if (h[i] == "global") g = $i
			else if (h[i] == "mempool") m = $i
			else if (h[i] ~ /^count/) c = (c == "-" ? 0 : c) + $i
		  print g, c, m, g + c + m; exit }' "$1"
}
# med: "median (least-most)" of the numbers on standard input
med() { median_range | awk '{ printf "%s", $1; if ($2 != $3) printf " (%s-%s)", $2, $3; print "" }'; }

boots=$(ls "$dir" | grep -E '^[a-z]+-[0-9]+-[0-9]+\.csv$') ||
	die "bench-report: no boot's lines (DESIGN-CPUS-ROUND.csv) in $dir"
designs=$(echo "$boots" | cut -d- -f1 | sort -u)
# today's pool first, the column every ratio is to
designs=$(echo fixed $(echo "$designs" | grep -vx fixed))
cpus_list=$(echo "$boots" | cut -d- -f2 | sort -nu)
loads='one two atomic lstat'

{ printf 'load\tvCPUs\tdesign\trounds\tpairs or calls/s, all CPUs\tper CPU\tover today'"'"'s pool, per round\n'
for load in $loads; do
	for cpus in $cpus_list; do
		for d in $designs; do
			: >"$tmp/rates"; : >"$tmp/ratios"
			for f in "$dir/$d-$cpus"-*.csv; do
				r=$(rate "$f" $load); [ -n "$r" ] || continue
				echo "$r" >>"$tmp/rates"
				base=$(rate "$dir/fixed-$cpus-${f##*-}" $load 2>/dev/null) || base=
				[ -z "$base" ] || awk -v a="$r" -v b="$base" \
					'BEGIN { printf "%.3f\n", a / b }' >>"$tmp/ratios"
			done
			[ -s "$tmp/rates" ] || continue
			echo "$load $cpus $d $(median_range <"$tmp/rates")" >>"$tmp/plot"
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $load "$cpus" "$d" \
				"$(wc -l <"$tmp/rates")" "$(med <"$tmp/rates")" \
				"$(awk -v c="$cpus" '{ printf "%.0f\n", $1 / c }' "$tmp/rates" | med)" \
				"$(med <"$tmp/ratios")"
		done
	done
done; } | table "$dir/bench.csv"
echo
{ printf 'load\tvCPUs\tdesign\tlock acquisitions per 1,000 pairs\tof them by spin_lock()\tcontended: spun in the slow path\tfailed trylocks per 1,000 pairs\tkmallocs per 1,000 pairs\n'
for load in $loads; do
	for cpus in $cpus_list; do
		for d in $designs; do
			for f in "$dir/$d-$cpus"-*.csv; do counts "$f" $load; done >"$tmp/counts"
			[ -s "$tmp/counts" ] || continue
			cols=
			for i in 1 2 3 4 5; do cols="$cols	$(cut -d' ' -f$i "$tmp/counts" | med)"; done
			printf '%s\t%s\t%s%s\n' $load "$cpus" "$d" "$cols"
		done
	done
done; } | table "$dir/counts.csv"
echo
{ printf 'vCPUs\tdesign\tkmalloc-8k objects in use before the loads\tafter them\tpool buffers after them: global list\ton CPU lists\tin the mempool\tall\n'
for cpus in $cpus_list; do
	for d in $designs; do
		cols=
		for w in start end; do
			cols="$cols	$(cat "$dir/$d-$cpus"-*.csv | awk -F, -v w=$w \
				'$1 == "slab" && $2 == w { print $3 }' | med)"
		done
		for f in "$dir/pool-$d-$cpus"-*.csv; do held "$f"; done >"$tmp/held"
		for i in 1 2 3 4; do
			v=$(cut -d' ' -f$i "$tmp/held" | { grep -vx -- - || true; } | med)
			cols="$cols	${v:--}"
		done
		printf '%s\t%s%s\n' "$cpus" "$d" "$cols"
	done
done; } | table "$dir/memory.csv"

# The plot: a data block per load and design, "vCPUs median least most".
for load in $loads; do
	for d in $designs; do
		awk -v l=$load -v d="$d" '$1 == l && $3 == d { print $2, $4, $5, $6 }' \
			"$tmp/plot" >"$tmp/$load-$d.dat"
	done
done
gnuplot <<PLOT
set terminal pngcairo noenhanced size 1000,700
set output '$dir/bench.png'
set multiplot layout 2, 2 title 'make bench: 7.3 under TCG on a 2-core host; median of the rounds, range as error bars'
set xlabel 'vCPUs'
set xtics ($(echo $cpus_list | sed 's/ /, /g'))
set xrange [0.5:$(echo $cpus_list | awk '{ print $NF + 0.5 }')]
set yrange [0:*]
set key left top
color(d) = d eq 'fixed' ? 'blue' : d eq 'rfc' ? 'purple' : 'dark-green'
do for [l in "$loads"] {
	set title (l eq 'lstat' ? 'lstat() calls, one confined task per CPU' : 'pool alone, mode '.l)
	set ylabel (l eq 'lstat' ? 'calls/s, all CPUs' : 'get/put pairs/s, all CPUs')
	plot for [d in "$designs"] '$tmp/'.l.'-'.d.'.dat' using 1:2:3:4 with yerrorlines lc rgb color(d) title d
}
unset multiplot
PLOT
