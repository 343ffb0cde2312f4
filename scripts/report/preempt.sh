#!/bin/bash
# The matrix of make preempt from the runs saved in results/preempt/
# (LINE-MODEL-CPUS-vcpus-DURATION-s/KERNEL-RUN.{csv,pool.csv,trace}).
# Prints Markdown; saves its tables as matrix.csv, loads.csv, migration.csv
# and rfc.csv in DIR. A run counts if its guest came up as asked, ran the whole load,
# ran the model its directory names, and lost no trace event.
# Usage: scripts/report/preempt.sh DIR
set -eu
. "$(dirname "$0")/../config.sh"
out=$(cd "$1" && pwd)
cd "$TOP/results/preempt"

# median of the numbers on standard input, with their range; "-" if none
med() { median_range | awk '{ printf "%s", $1; if ($2 != $3) printf " (%s-%s)", $2, $3
	print "" } END { if (!NR) print "-" }'; }
# m "N N N": med of the words
m() { echo "$1" | tr ' ' '\n' | grep . | med; }

# cell DIR K MODEL TRACED: the medians of kernel (or storm) K's counted runs
# in DIR: n (runs), tw and pw (runs with a wrap in the trace and in the pool
# reader's samples), and, as "N N N" lists, wraps first lists most kmallocs
# cross shared rate moved kept ops (the links or mounts of LOAD=link,
# mount).
cell() {
	n=0 tw=0 pw=0 wraps='' first='' lists='' most='' kmallocs='' cross=''
	shared='' rate='' moved='' kept='' ops=''
	for trace in "$1/$2"-[0-9]*.trace; do
		[ -e "$trace" ] || continue
		run=${trace%.trace}
		grep -q incomplete "$run.csv" "$run.pool.csv" && continue
		grep -qx "model,$3" "$trace" || continue
		[ "$4" = 0 ] || grep -qx 'trace_lost,0' "$trace" || continue
		n=$((n + 1))
		if [ "$4" = 1 ]; then
			w=$(awk -F, '$1 == "wrap" { n += $3 } END { print n + 0 }' "$trace")
			[ "$w" = 0 ] || tw=$((tw + 1))
			wraps="$wraps $w"
		fi
		first="$first $(awk -F, '$1 == "wrap" && $5 != "-" { print $5 }' "$trace" | sort -n | head -1)"
		awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /^hold/) h[i] = 1; next }
			{ for (i in h) if ($i >= 2147483648) w = 1 } END { exit !w }' "$run.pool.csv" &&
			pw=$((pw + 1))
		read -r l mo < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /^count/) c[i] = 1; next }
			{ s = 0; for (i in c) s += $i; m = s > m ? s : m } END { print s, m + 0 }' "$run.pool.csv")
		lists="$lists $l" most="$most $mo"
		kmallocs="$kmallocs $(awk -F, -v w=$((duration / 4)) 'NR > 1 && $1 <= w { kw = $5 } NR > 1 { k = $5 } END { print k - kw }' "$run.csv")"
		rate="$rate $(awk -F, 'NR > 1 { t = $1; e = $4 } END { printf "%.0f", e / t }' "$run.csv")"
		cross="$cross $(awk -F, '$1 == "trace" { printf "%.3f", 100 * $5 / $4 }' "$trace")"
		shared="$shared $(awk -F, '$1 == "trace" { printf "%.3f", 100 * $6 / $4 }' "$trace")"
		moved="$moved $(awk -F, '$1 == "moved" { print $2 }' "$trace")"
		kept="$kept $(awk -F, '$1 == "trace" { print $8 }' "$trace")"
		ops="$ops $(awk -F, '$1 == "links" || $1 == "mounts" { print $2 }' "$trace")"
	done
}

# cells: the saved cells, by line (oldest first) and model (as config.sh
# orders a line's models, rt last), then vCPUs
cells() {
	for line in $(printf '%s\n' $LINES | tac); do
		for model in $(LINE=$line; . "$TOP/scripts/config.sh"
			       echo "$PREEMPT_MODELS rt"); do
			ls -d "$line-$model"-*/ 2>/dev/null | tr -d / | sort -t- -k3,3n
		done
	done
}

# parse DIR: line model cpus duration of a cell
parse() {
	line=${1%%-*} rest=${1#*-} model=${rest%%-*}
	cpus=$(echo "$rest" | cut -d- -f2) duration=$(echo "$rest" | cut -d- -f4)
}

# row CELL...: a row of a table, a tab between cells
row() { local IFS='	'; echo "$*"; }
{ row line model vCPUs 'load, s' kernel runs 'runs with a wrap: trace, pool reader' \
	'wraps per run' 'first wrap, s' 'buffers on CPU lists after the load' \
	'aa_get_buffer kmallocs after warm-up' 'pairs put on another CPU, %' \
	"pairs interleaved on the get's CPU, %" execs/s
for dir in $(cells | grep -v -e -migrate -e -rfc -e -link -e -mount); do
	parse "$dir"
	label=$model traced=1
	case $dir in *-untraced) label="$model, untraced" traced=0 ;; esac
	for k in prefix fixed; do
		cell "$dir" $k "$model" $traced
		[ "$n" -gt 0 ] || { row "$line" "$label" "$cpus" "$duration" $k 0 '' '' '' '' '' '' '' ''; continue; }
		[ $traced = 1 ] || tw=-
		row "$line" "$label" "$cpus" "$duration" $k $n "$tw, $pw" "$(m "$wraps")" \
			"$(m "$first")" "$(m "$lists")" "$(m "$kmallocs")" "$(m "$cross")" \
			"$(m "$shared")" "$(m "$rate")"
	done
done; } | table "$out/matrix.csv"

# LOAD=link, mount: pre-fix against fixed, the storm with confined tasks
# beside it that hold two path buffers at once.
dirs=$(cells | grep -e -link -e -mount) || dirs=
[ -z "$dirs" ] || { echo
{ row line model vCPUs 'load, s' 'beside the storm' kernel runs \
	'runs with a wrap: trace, pool reader' 'wraps per run' 'first wrap, s' \
	'buffers on CPU lists after the load' 'links or mounts per run' execs/s
for dir in $dirs; do
	parse "$dir"
	for k in prefix fixed; do
		cell "$dir" $k "$model" 1
		row "$line" "$model" "$cpus" "$duration" "${dir##*-}" $k $n "$tw, $pw" \
			"$(m "$wraps")" "$(m "$first")" "$(m "$lists")" "$(m "$ops")" \
			"$(m "$rate")"
	done
done; } | table "$out/loads.csv"; }

# SCENARIO=migrate: the fixed kernel under the plain and the migration storm.
dirs=$(cells | grep -- -migrate) || dirs=
[ -z "$dirs" ] || { echo
{ row line model vCPUs 'load, s' 'storm on the fixed kernel' runs 'children moved to CPU 0' \
	'pairs put on another CPU, %' 'of those, puts on a CPU with hold above 0' \
	'aa_get_buffer kmallocs after warm-up' 'most buffers on CPU lists in a sample' \
	'buffers on CPU lists after the load' 'runs with a wrap: trace, pool reader' execs/s
for dir in $dirs; do
	parse "$dir"
	for k in fixed migrate; do
		cell "$dir" $k "$model" 1
		storm=plain; [ $k = fixed ] || storm=migration
		row "$line" "$model" "$cpus" "$duration" $storm $n "$(m "$moved")" \
			"$(m "$cross")" "$(m "$kept")" "$(m "$kmallocs")" "$(m "$most")" \
			"$(m "$lists")" "$tw, $pw" "$(m "$rate")"
	done
done; } | table "$out/migration.csv"; }

# SCENARIO=rfc: the fixed kernel against the RFC, each under both storms;
# exec/s of each RFC run over the fixed run just before it (same storm).
dirs=$(cells | grep -- -rfc) || exit 0
echo
# ratios DIR A B: for each run of B counted by cell(), its execs/s over
# that of run A with the same number
ratios() {
	for trace in "$1/$3"-[0-9]*.trace; do
		[ -e "$trace" ] || continue
		r=${trace##*-} r=${r%.trace}
		grep -q incomplete "$1/$2-$r.csv" "$1/$3-$r.csv" && continue
		paste -d, <(tail -1 "$1/$2-$r.csv") <(tail -1 "$1/$3-$r.csv") |
			awk -F, '{ printf "%.3f\n", ($9 / $6) / ($4 / $1) }'
	done
}
{ row line model vCPUs 'load, s' storm kernel runs 'aa_get_buffer kmallocs after warm-up' \
	'most buffers on CPU lists in a sample' 'buffers on CPU lists after the load' \
	'runs with a wrap: trace, pool reader' execs/s 'execs/s, RFC over fixed, per pair'
for dir in $dirs; do
	parse "$dir"
	for pair in "plain fixed rfc" "migration migrate rfc-migrate"; do
		set -- $pair
		for k in $2 $3; do
			cell "$dir" $k "$model" 1
			kernel=fixed ratio=
			[ $k = $2 ] || kernel=rfc ratio=$(ratios "$dir" $2 $3 | med)
			row "$line" "$model" "$cpus" "$duration" "$1" $kernel $n \
				"$(m "$kmallocs")" "$(m "$most")" "$(m "$lists")" "$tw, $pw" \
				"$(m "$rate")" "$ratio"
		done
	done
done; } | table "$out/rfc.csv"
