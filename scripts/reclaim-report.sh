#!/bin/bash
# The table and plot of make reclaim from the runs in DIR (KERNEL-RUN.csv,
# .pool.csv, .reclaim): prints the table as Markdown and writes
# DIR/reclaim.{png,svg}, the free buffers of the pool over time, and the
# table as DIR/reclaim.csv.
# Usage: scripts/reclaim-report.sh DIR DURATION CPUS
set -eu
. "$(dirname "$0")/config.sh"
dir=$1 duration=$2 cpus=$3

cat <<EOF
Each run: $cpus vCPUs, the storm for $duration s, then the pressure for 30 s, then 10 s idle.

"End of the storm" is the pool reader's last sample before $duration s,
"after" its sample after the idle time. With no buffer in use after the
load, the RFC's bound is reserve + AA_CPU_CACHE_MAX (2) x $cpus CPUs free
buffers.

EOF
{ printf 'kernel\trun\taa_get_buffer kmallocs\tfree buffers at the end of the storm: global list, CPU lists\tleast on the global list under the pressure\tafter: global list, CPU lists, reserve\tbuffers the shrinker freed\tafter: within the bound\n'
for k in fixed rfc; do
	for r in "$dir/$k"-[0-9]*.reclaim; do
		[ -e "$r" ] || continue
		run=$(basename "$r" .reclaim); run=${run#"$k"-}
		kmallocs=$(tail -1 "$dir/$k-$run.csv" | cut -d, -f5)
		freed=$(awk -F, '/^reclaim,after,/ { print $5 < 0 ? "no shrinker" : $5 }' "$r")
		awk -F, -v k="$k" -v r="$run" -v d="$duration" -v km="$kmallocs" \
		    -v freed="$freed" -v cpus="$cpus" '
			NR == 1 { n = (NF - 5) / 2; least = -1; next }
			{ lists = 0
			  for (c = 0; c < n; c++) lists += $(6 + n + c)
			  if ($1 < d) { g0 = $3; l0 = lists }
			  if ($1 >= d && $1 <= d + 30 && (least < 0 || $3 < least))
				least = $3
			  g = $3; l = lists; res = $4 }
			END {
				ok = g + l <= res + 2 * cpus ? "yes" : "no"
				printf "%s\t%s\t%s\t%d, %d\t%d\t%d, %d, %d\t%s\t%s\n",
					k, r, km, g0, l0, least, g, l, res, freed, ok
			}' "$dir/$k-$run.pool.csv"
	done
done; } | table "$dir/reclaim.csv"

# The plot: free buffers (global list + CPU lists) over time, a line per run.
plot=
for p in "$dir"/*-[0-9]*.pool.csv; do
	[ -e "$p" ] || continue
	name=$(basename "$p" .pool.csv)
	awk -F, 'NR == 1 { n = (NF - 5) / 2; next }
		{ l = 0; for (c = 0; c < n; c++) l += $(6 + n + c); print $1, $3 + l }' \
		"$p" >"$dir/$name.free"
	plot="$plot${plot:+, }'$dir/$name.free' using 1:2 with steps title '$name'"
done
[ -n "$plot" ] || exit 0
for fmt in png svg; do
	gnuplot <<EOF
set terminal $fmt size 800,400
set output '$dir/reclaim.$fmt'
set xlabel 'seconds since the storm began'
set ylabel 'free buffers in the pool'
set title 'make reclaim: storm until $duration s, memory pressure $duration-$((duration + 30)) s'
set arrow from $duration, graph 0 to $duration, graph 1 nohead dt 2
set arrow from $((duration + 30)), graph 0 to $((duration + 30)), graph 1 nohead dt 2
set yrange [0:*]
set key outside right
plot $plot
EOF
done
rm -f "$dir"/*.free
