#!/bin/bash
# The pool table and plot of make repro from the pool reader's CSVs in DIR
# (KERNEL-RUN.pool.csv, written by scripts/helpers/pool.sh): prints the table as
# Markdown, saves it as DIR/runs-pool.csv, and writes DIR/hold.{png,svg}.
# Prints nothing without them.
# Usage: scripts/report/pool.sh DIR CPUS WORKERS-PER-CPU
set -eu
. "$(dirname "$0")/../config.sh"
dir=$1 cpus=$2 workers=$3

ls "$dir"/*.pool.csv >/dev/null 2>&1 || exit 0
# Conservation on every sample: the buffers alloc_buffers() allocates at boot
# (2 + RESERVE_COUNT: AppArmor starts before the other CPUs are up, so
# num_online_cpus() is 1) plus the aa_get_buffer() kmallocs in the trace
# are on the global list, on a CPU list, or in use;
# in use is never negative nor above one per worker's exec plus 2 for the
# guest's other tasks. After the load it must be 0.
boot=4 most=$((cpus * workers + 2))
cat <<EOF

Pool read from outside the guest (scripts/helpers/pool.sh, during the load and once
after it). A hold of 2^31 or more has wrapped: hold only rises by one per
contended attempt, and 7.x caps it at MAX_HOLD_COUNT (64). In use = $boot
allocated at boot + traced aa_get_buffer() kmallocs - global list - CPU
lists, checked on every sample to be 0..$most (0 after the load).

EOF
{ printf 'kernel\trun\tsamples\tguest paused per sample, ms: median, max\thighest hold (CPU, at)\tfirst wrap at\tCPUs wrapped after the load\tbuffers on CPU lists, global list, in use after the load\tconservation failures\n'
for k in prefix fixed migrate rfc rfc-migrate; do
	for csv in "$dir/$k"-[0-9]*.pool.csv; do
		[ -e "$csv" ] || continue
		run=$(basename "$csv" .pool.csv); run=${run#"$k"-}
		if head -1 "$csv" | grep -q incomplete || [ ! -s "$csv" ]; then
			printf '%s\t%s\tincomplete, not counted\t\t\t\t\t\t\n' "$k" "$run"; continue
		fi
		pause=$(awk -F, 'NR > 1 { print $2 }' "$csv" | median_range | cut -d' ' -f1)
		awk -F, -v k="$k" -v r="$run" -v boot=$boot -v most=$most -v pause="$pause" '
			NR == 1 { n = (NF - 5) / 2; next }
			{ s++; max = $2 > max ? $2 : max
			  lists = 0; wrapped = ""
			  for (c = 0; c < n; c++) {
				h = $(6 + c); lists += $(6 + n + c)
				if (h > top || s == 1 && c == 0) { top = h; at = "CPU " c ", " $1 " s" }
				if (h >= 2 ^ 31) { wrapped = wrapped (wrapped ? " " : "") c
					if (first == "") first = $1 " s" }
			  }
			  use = boot + $5 - $3 - lists
			  if ($5 < 0)
				fails = fails (fails ? "; " : "") $1 " s: no kmalloc count in the trace"
			  else if (use < 0 || use > most)
				fails = fails (fails ? "; " : "") $1 " s: " use " in use"
			  end = lists ", " $3 ", " use }
			END { if (use != 0) fails = fails (fails ? "; " : "") "after the load: " use " in use"
				# %.0f, not %d: mawk clamps %d to 2^31 - 1, and a wrapped hold is near 2^32
				printf "%s\t%s\t%d\t%d, %d\t%.0f (%s)\t%s\t%s\t%s\t%s\n",
				k, r, s, pause, max, top, at,
				first ? first : "never", wrapped ? wrapped : "none", end,
				fails ? fails : "none" }' "$csv"
	done
done; } | table "$dir/runs-pool.csv"

# Hold per CPU over time, a panel per run; wrapped holds are drawn as
# crosses on a band of their own above MAX_HOLD_COUNT, a row per CPU (an
# uncapped hold above 64 that did not wrap is off the plot: see the table).
legs=
for k in prefix fixed migrate rfc rfc-migrate; do
	ls "$dir/$k"-[0-9]*.pool.csv >/dev/null 2>&1 && legs="$legs $k"
done
set -- $legs
runs=$(ls "$dir/$1"-[0-9]*.pool.csv | wc -l)
end=$(cat "$dir"/*.pool.csv | awk -F, '$1 + 0 > t { t = $1 + 0 } END { print int(t) }')
gnuplot <<PLOT
set datafile separator ','
set termoption noenhanced
set key outside right vertical samplen 1
set yrange [0:84]
set xtics $(( end > 300 ? 200 : 30 ))
set ytics (0, 16, 32, 48, 64) nomirror
set ytics add ('wrapped' 76)
set arrow 1 from graph 0, first 68 to graph 1, first 68 nohead dt 2 lc rgb 'gray'
wrap(h, c) = h >= 2**31 ? 70 + c * 12.0 / $cpus : NaN
held(h) = h >= 2**31 ? NaN : h
do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 1200,$((260 * runs)) } else { set terminal svg noenhanced size 1200,$((260 * runs)) }
	set output '$dir/hold.'.fmt
	set multiplot layout $runs, $# title 'hold of each CPU ($cpus vCPUs), read through the gdbstub'
	do for [r=1:$runs] { do for [k in "$*"] {
		f = '$dir/'.k.'-'.r.'.pool.csv'
		set title k.(k eq 'migrate' ? ' storm on the fixed' : '').' kernel, run '.r
		set xlabel 'seconds of load'
		plot for [c=0:$cpus-1] f every ::1 using 1:(held(column(6 + c))) with linespoints pt 7 ps 0.4 lc c + 1 title 'CPU '.c, \
		     for [c=0:$cpus-1] f every ::1 using 1:(wrap(column(6 + c), c)) with points pt 2 ps 1 lw 2 lc c + 1 notitle
	} }
	unset multiplot
}
PLOT
