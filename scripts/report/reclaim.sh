#!/bin/bash
# The table and plot of make reclaim from the runs in DIR (KERNEL-HOW-RUN
# .csv, .pool.csv, .reclaim): prints the table as Markdown and writes
# DIR/reclaim.{png,svg}, the free buffers of the pool over time, and the
# table as DIR/reclaim.csv. The pool at a guest's line (repro/init.sh's
# "reclaim,PHASE,T,...") is the last sample at least a second before T;
# the sample that set the reserve to 2, at the guest's "host,reserve,2,T",
# sets the pool reader's clock to the guest's.
# Usage: scripts/report/reclaim.sh DIR DURATION CPUS
set -eu
. "$(dirname "$0")/../config.sh"
dir=$1 duration=$2 cpus=$3

cat <<EOF2
Each run: $cpus vCPUs, the storm for $duration s, the reserve raised
at its start and back to 2 after it, then reclaim (memory pressure for
30 s, or one drop_caches), 10 s idle, then the last CPU offline.

The RFC's shrinker frees from the global list what lies above the
reserve, half of it a pass (seeks 0), so repeated reclaim leaves the
reserve and one buffer more there. "CPU lists" are the buffers on every
possible CPU's list, an offline CPU's included.

EOF2
{ printf 'kernel\treclaim\trun\taa_get_buffer kmallocs\tbefore reclaim: global list, CPU lists\tleast on the global list during reclaim\tafter: global list, CPU lists, reserve\tbuffers the shrinker freed\tglobal list after: within reserve + 1\tCPU offlined: its list, the global list, before to after\n'
for k in fixed rfc; do
	for how in pressure drop; do
		for r in "$dir/$k-$how"-[0-9]*.reclaim; do
			[ -e "$r" ] || continue
			run=$(basename "$r" .reclaim); run=${run##*-}
			kmallocs=$(tail -1 "$dir/$k-$how-$run.csv" | cut -d, -f5)
			awk -F, -v k="$k" -v how="$how" -v r="$run" \
			    -v km="$kmallocs" '
			# the guest lines: the time and shrinker count of each
			# phase, and when it asked for the reserve
			FNR == NR { if ($1 == "host") Treq = $4
				    if ($1 == "reclaim") {
					split($2, p, "-"); T[p[1]] = $3; freed[p[1]] = $6
					if (p[1] == "offline") dead = p[2] }
				    next }
			FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
			{ n++; t[n] = $1; g[n] = $col["global"]; res[n] = $col["reserve"]
			  l[n] = 0
			  for (c = 0; ("count" c) in col; c++) l[n] += $col["count" c]
			  d[n] = $col["count" dead]
			  # the sample that asked for the reserve: the last one
			  # before it fell to 2
			  if (!req && res[n] == 2 && n > 1 && res[n - 1] != 2)
				req = n - 1 }
			# at PHASE: the last sample at least a second before the
			# guest line, the host clock set by the request
			function at(ph,   i, a) {
				for (i = 1; i <= n; i++)
					if (t[i] - t[req] + Treq <= T[ph] - 1) a = i
				return a
			}
			END {
				b = at("before"); a = at("after"); o = at("online")
				least = g[b]
				for (i = b; i <= a; i++) if (g[i] < least) least = g[i]
				f = freed["after"] < 0 ? "no shrinker" : \
					freed["after"] - freed["before"]
				ok = g[a] <= res[a] + 1 ? "yes" : "no"
				printf "%s\t%s\t%s\t%s\t%d, %d\t%d\t%d, %d, %d\t%s\t%s\tCPU %d: %d to %d, %d to %d\n",
					k, how == "drop" ? "drop_caches" : "pressure", r, km,
					g[b], l[b], least, g[a], l[a], res[a], f, ok,
					dead, d[o], d[n], g[o], g[n]
			}' "$r" "$dir/$k-$how-$run.pool.csv"
		done
	done
done; } | table "$dir/reclaim.csv"

# The plot: free buffers (global list + CPU lists) over time, a line per run.
plot=
for p in "$dir"/*-[0-9]*.pool.csv; do
	[ -e "$p" ] || continue
	name=$(basename "$p" .pool.csv)
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		{ l = 0; for (c = 0; ("count" c) in col; c++) l += $col["count" c]
		  print $1, $col["global"] + l }' "$p" >"$dir/$name.free"
	plot="$plot${plot:+, }'$dir/$name.free' using 1:2 with steps title '$name'"
done
[ -n "$plot" ] || exit 0
for fmt in png svg; do
	gnuplot <<EOF2
set terminal $fmt size 800,400
set output '$dir/reclaim.$fmt'
set xlabel 'seconds since the storm began'
set ylabel 'free buffers in the pool'
set title 'make reclaim: storm until $duration s, reserve back to 2, then reclaim'
set arrow from $duration, graph 0 to $duration, graph 1 nohead dt 2
set yrange [0:*]
set key outside right
plot $plot
EOF2
done
rm -f "$dir"/*.free
