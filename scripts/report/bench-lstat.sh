#!/bin/bash
# report/bench-lstat.sh DIR: the tables of make bench-lstat from its boots'
# lines in DIR (DESIGN-CPUS-ROUND.csv, as bench/init.sh printed them):
#   lstat.csv   per vCPUs and design, lstat() calls/s of all CPUs and per
#               CPU, median over the rounds and range, and the ratio to
#               today's pool (fixed) of the same round and vCPUs, its
#               median and range;
#   counts.csv  from the counted runs (kprobes: instrumented), pool lock
#               acquisitions, the contended ones, failed trylocks and
#               kmallocs per 1,000 calls;
#   memory.csv  kmalloc-8k objects in use before the loads and after them,
#               and the buffers the pool holds after them, as the pool
#               reader read it (pool-DESIGN-CPUS-ROUND.csv);
#   lstat.png   calls/s against vCPUs, a line per design, the range as
#               error bars.
# Prints the Markdown of the three tables.
set -eu
. "$(dirname "$0")/../config.sh"
dir=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# rate FILE: the timed run's lstat() calls per second, all CPUs
rate() {
	awk -F, '$1 == "timed" && $2 == "lstat" { c += $4; ns = $5 > ns ? $5 : ns }
		END { if (ns) printf "%.0f\n", c * 1e9 / ns }' "$1"
}
# counts FILE: lock acquisitions (trylocks that got the lock, and
# spin_lock calls), the spin_lock calls, the contended ones (spun in the
# slow path), failed trylocks and kmallocs, per 1,000 calls of the counted
# run
counts() {
	awk -F, '
		$1 == "counted" && $2 == "lstat" { p += $4 }
		$1 == "count" && $2 == "lstat" { c[$3] = $4 }
		END { if (p) printf "%.1f %.1f %.1f %.1f %.1f\n",
			(c["tried"] + c["spin"]) * 1000 / p, c["spin"] * 1000 / p,
			c["contend"] * 1000 / p, (c["try"] - c["tried"]) * 1000 / p,
			c["kmalloc"] * 1000 / p }' "$1"
}
# held FILE: the buffers on the global list, on the CPU lists, in the
# mempool's reserve (the allocator alone) and in all, in the pool reader's
# line FILE; "-" for a place the design does not have, and for all of them
# where it has no pool to read (no FILE: plain kmalloc())
held() {
	[ -f "$1" ] || { echo - - - 0; return; }
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
	die "bench-lstat-report: no boot's lines (DESIGN-CPUS-ROUND.csv) in $dir"
designs=$(echo "$boots" | cut -d- -f1 | sort -u)
# today's pool first, the column every ratio is to
designs=$(echo fixed $(echo "$designs" | grep -vx fixed))
cpus_list=$(echo "$boots" | cut -d- -f2 | sort -nu)

{ printf 'vCPUs\tdesign\trounds\tlstat() calls/s, all CPUs\tper CPU\tover today'"'"'s pool, per round\n'
for cpus in $cpus_list; do
	for d in $designs; do
		: >"$tmp/rates"; : >"$tmp/ratios"
		for f in "$dir/$d-$cpus"-*.csv; do
			r=$(rate "$f"); [ -n "$r" ] || continue
			echo "$r" >>"$tmp/rates"
			base=$(rate "$dir/fixed-$cpus-${f##*-}" 2>/dev/null) || base=
			[ -z "$base" ] || awk -v a="$r" -v b="$base" \
				'BEGIN { printf "%.3f\n", a / b }' >>"$tmp/ratios"
		done
		[ -s "$tmp/rates" ] || continue
		echo "$cpus $(median_range <"$tmp/rates")" >>"$tmp/$d.dat"
		printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$cpus" "$d" \
			"$(wc -l <"$tmp/rates")" "$(med <"$tmp/rates")" \
			"$(awk -v c="$cpus" '{ printf "%.0f\n", $1 / c }' "$tmp/rates" | med)" \
			"$(med <"$tmp/ratios")"
	done
done; } | table "$dir/lstat.csv"
echo
{ printf 'vCPUs\tdesign\tlock acquisitions per 1,000 calls\tof them by spin_lock()\tcontended: spun in the slow path\tfailed trylocks per 1,000 calls\tkmallocs per 1,000 calls\n'
for cpus in $cpus_list; do
	for d in $designs; do
		for f in "$dir/$d-$cpus"-*.csv; do counts "$f"; done >"$tmp/counts"
		[ -s "$tmp/counts" ] || continue
		cols=
		for i in 1 2 3 4 5; do cols="$cols	$(cut -d' ' -f$i "$tmp/counts" | med)"; done
		printf '%s\t%s%s\n' "$cpus" "$d" "$cols"
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

# The plot: a line per design, "vCPUs median least most".
gnuplot <<PLOT
set terminal pngcairo noenhanced size 700,450
set output '$dir/lstat.png'
set title 'make bench-lstat: lstat() calls, one confined task per vCPU, $LINE under TCG on a 2-core host;\nmedian of the rounds, range as error bars'
set xlabel 'vCPUs'
set ylabel 'calls/s, all CPUs'
set xtics ($(echo $cpus_list | sed 's/ /, /g'))
set xrange [0.5:$(echo $cpus_list | awk '{ print $NF + 0.5 }')]
set yrange [0:*]
set key left top
color(d) = d eq 'fixed' ? 'blue' : d eq 'rfc' ? 'purple' : d eq 'alloc' ? 'dark-green' : 'orange'
plot for [d in "$designs"] '$tmp/'.d.'.dat' using 1:2:3:4 with yerrorlines lc rgb color(d) title d
PLOT
