#!/bin/bash
# The table and plots of make repro from its per-run CSVs in DIR: runs.md,
# kmalloc-8k.{png,svg} and aa_get_buffer-kmallocs.{png,svg}, written to DIR,
# and report/pool.sh's table (in runs.md) and hold.{png,svg}; the tables
# also as DIR/runs.csv and DIR/runs-pool.csv.
# Usage: scripts/report/repro.sh DIR CPUS DURATION WORKERS-PER-CPU
set -eu
. "$(dirname "$0")/../config.sh"
dir=$1 cpus=$2 duration=$3 workers=$4

# Warm-up is the first quarter of a run: the pool may grow then to meet the
# load; after it, a sound pool stays put. Incomplete runs are left out.
warm=$((duration / 4))
{
	echo "Each run: $cpus vCPUs, $((workers * cpus)) fork+execve workers, $duration s, warm-up $warm s."
	echo
	{ printf 'kernel\trun\texecs/s\tkmalloc-8k total: start, after warm-up, end\taa_get_buffer kmallocs: during warm-up, after it\tafter warm-up, per minute\tper 10,000 execs\tlast kmalloc at\n'
	for k in prefix fixed migrate rfc rfc-migrate; do
		for csv in "$dir/$k"-[0-9]*.csv; do
			[ -e "$csv" ] || continue
			case $csv in *.pool.csv) continue ;; esac
			run=$(basename "$csv" .csv); run=${run#"$k"-}
			if head -1 "$csv" | grep -q incomplete; then
				printf '%s\t%s\tincomplete, not counted\t\t\t\t\t\n' "$k" "$run"; continue
			fi
			awk -F, -v k="$k" -v r="$run" -v w="$warm" '
				NR == 2 { s0 = $3 }
				NR > 1 && $1 <= w { sw = $3; kw = $5; ew = $4 }
				NR > 1 && $5 != km { last = $1 " s" }
				NR > 1 { t = $1; s = $3; e = $4; km = $5 }
				END { g = km - kw
					printf "%s\t%s\t%.0f\t%d, %d, %d\t%d, %d\t%.2f\t%.2f\t%s\n",
					k, r, e / t, s0, sw, s, kw, g, g * 60 / (t - w), g * 10000 / (e - ew), last ? last : "none" }' "$csv"
		done
	done; } | table "$dir/runs.csv"
} >"$dir/runs.md"
# Median and range per kernel: buffers the pool allocated in all, and after
# the warm-up.
stat() { median_range | awk '{ printf "median %s, range %s-%s", $1, $2, $3 }'; }
complete=0
for k in prefix fixed migrate rfc rfc-migrate; do
	counts=$(table_get "$dir/runs.csv" 'aa_get_buffer kmallocs: during warm-up, after it' \
		kernel=$k | awk -F', ' 'NF == 2 { print $1 + $2, $2 }')
	[ -n "$counts" ] || continue
	n=$(echo "$counts" | wc -l) complete=$((complete + n))
	echo "$k, $n runs: aa_get_buffer kmallocs in all $(echo "$counts" | cut -d' ' -f1 | stat); after warm-up $(echo "$counts" | cut -d' ' -f2 | stat)"
done >>"$dir/runs.md"
[ "$complete" -gt 0 ] ||
	die "repro-report: no complete run in $dir, nothing to plot; the console logs say why"
"$(dirname "$0")/pool.sh" "$dir" "$cpus" "$workers" >>"$dir/runs.md"

gnuplot <<PLOT
set datafile separator ','
set key left top
set xlabel 'seconds of load'
set termoption noenhanced
set offsets 0, 0, 1, 0
files = system('ls $dir/*-[0-9]*.csv | grep -v pool')
color(f) = strstrt(f, '/prefix-') ? 'red' : strstrt(f, '/migrate-') ? 'dark-green' : strstrt(f, '/rfc-migrate-') ? 'orange' : strstrt(f, '/rfc-') ? 'purple' : 'blue'
do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 900,500 } else { set terminal svg noenhanced size 900,500 }
	set output '$dir/kmalloc-8k.'.fmt
	set ylabel 'kmalloc-8k objects (total)'
	set title 'kmalloc-8k under an execve storm, $cpus vCPUs, AppArmor on'
	plot for [f in files] f every ::1 using 1:3 with steps lc rgb color(f) title system('basename '.f.' .csv')
	set output '$dir/aa_get_buffer-kmallocs.'.fmt
	set ylabel 'kmalloc calls from aa_get_buffer() since the load began'
	set title 'AppArmor path buffer pool growth, $cpus vCPUs'
	plot for [f in files] f every ::1 using 1:5 with steps lc rgb color(f) title system('basename '.f.' .csv')
}
PLOT
cat "$dir/runs.md"
