#!/bin/bash
# The matrix of make preempt from the runs saved in results/preempt/
# (LINE-MODEL-CPUS-vcpus-DURATION-s/KERNEL-RUN.{csv,pool.csv,trace}).
# Prints Markdown. A run counts if its guest came up as asked, ran the whole
# load, ran the model its directory names, and lost no trace event.
set -eu
cd "$(dirname "$0")/../results/preempt"

# median of the numbers on standard input, with their range; "-" if none
med() { sort -n | awk '{ v[NR] = $1 } END { if (!NR) { print "-"; exit }
	m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	printf "%s", m
	if (v[1] != v[NR]) printf " (%s-%s)", v[1], v[NR]; print "" }'; }
# m "N N N": med of the words
m() { echo "$1" | tr ' ' '\n' | grep . | med; }

cat <<'HEAD'
| line | model | vCPUs | load, s | kernel | runs | runs with a wrap: trace, pool reader | wraps per run | first wrap, s | buffers on CPU lists after the load | aa_get_buffer kmallocs after warm-up | pairs put on another CPU, % | pairs interleaved on the get's CPU, % | execs/s |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
HEAD
for dir in $(for line in 6.12 7.3; do for model in none voluntary full lazy rt; do
		ls -d "$line-$model"-*/ 2>/dev/null | tr -d / | sort -t- -k3,3n
	done; done); do
	line=${dir%%-*} rest=${dir#*-} model=${rest%%-*}
	cpus=$(echo "$rest" | cut -d- -f2) duration=$(echo "$rest" | cut -d- -f4)
	label=$model traced=1
	case $dir in *-untraced) label="$model, untraced" traced=0 ;; esac
	for k in prefix fixed; do
		n=0 tw=0 pw=0 wraps='' first='' lists='' kmallocs='' cross='' shared='' rate=''
		for trace in "$dir/$k"-*.trace; do
			[ -e "$trace" ] || continue
			run=${trace%.trace}
			grep -q incomplete "$run.csv" "$run.pool.csv" && continue
			grep -qx "model,$model" "$trace" || continue
			[ $traced = 0 ] || grep -qx 'trace_lost,0' "$trace" || continue
			n=$((n + 1))
			if [ $traced = 1 ]; then
				w=$(awk -F, '$1 == "wrap" { n += $3 } END { print n + 0 }' "$trace")
				[ "$w" = 0 ] || tw=$((tw + 1))
				wraps="$wraps $w"
			fi
			first="$first $(awk -F, '$1 == "wrap" && $5 != "-" { print $5 }' "$trace" | sort -n | head -1)"
			awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /^hold/) h[i] = 1; next }
				{ for (i in h) if ($i >= 2147483648) w = 1 } END { exit !w }' "$run.pool.csv" &&
				pw=$((pw + 1))
			lists="$lists $(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /^count/) c[i] = 1; next }
				{ s = 0; for (i in c) s += $i } END { print s }' "$run.pool.csv")"
			kmallocs="$kmallocs $(awk -F, -v w=$((duration / 4)) 'NR > 1 && $1 <= w { kw = $5 } NR > 1 { k = $5 } END { print k - kw }' "$run.csv")"
			rate="$rate $(awk -F, 'NR > 1 { t = $1; e = $4 } END { printf "%.0f", e / t }' "$run.csv")"
			cross="$cross $(awk -F, '$1 == "trace" { printf "%.2f", 100 * $5 / $4 }' "$trace")"
			shared="$shared $(awk -F, '$1 == "trace" { printf "%.2f", 100 * $6 / $4 }' "$trace")"
		done
		[ "$n" -gt 0 ] || { echo "| $line | $label | $cpus | $duration | $k | 0 | | | | | | | | |"; continue; }
		[ $traced = 1 ] || tw=-
		echo "| $line | $label | $cpus | $duration | $k | $n | $tw, $pw | $(m "$wraps") | $(m "$first") | $(m "$lists") | $(m "$kmallocs") | $(m "$cross") | $(m "$shared") | $(m "$rate") |"
	done
done
