#!/bin/bash
# make reclaim: memory coming back (7.3). The fixed kernel of make preempt
# and the same with patches/rfc/ (its shrinker), booted at preempt=full,
# alternating run by run, each with a burst: the execve storm with WORKERS
# per CPU, then a process that takes PRESSURE % of MemAvailable for 30 s
# (at 100 the OOM killer ends it), then 10 s idle (repro/init.sh,
# scenario reclaim-P). The pool reader samples the pool every SAMPLE s
# throughout. Results in results/reclaim/, the table and plot by
# scripts/reclaim-report.sh. Settings (environment): RUNS=2 DURATION=60
# CPUS=4 WORKERS=64 MEM=1G SAMPLE=5 PRESSURE=100. Runs already saved are
# not run again.
set -eu
. "$(dirname "$0")/config.sh"
RUNS=${RUNS:-2} DURATION=${DURATION:-60} WORKERS=${WORKERS:-64}
SAMPLE=${SAMPLE:-5}
. "$TOP/scripts/storm.sh"

[ -n "$RFC_PATCHES" ] || die "make reclaim: LINE=$LINE has no RFC"
PRESSURE=${PRESSURE:-100}
ready $DEPS_STORM
out=$OUT/reclaim dest=$TOP/results/reclaim
mkdir -p "$out" "$dest"

# The kernels of make preempt.
declare -A kernel
kernel[fixed]=$(storm_kernel series dynamic)
kernel[rfc]=$(storm_kernel rfc dynamic)

initrd=$(storm_initrd "$out/initrd")
for run in $(seq "$RUNS"); do
	for k in fixed rfc; do
		[ -f "$dest/$k-$run.reclaim" ] && continue
		say "run $run of $RUNS, $k kernel: storm of $DURATION s, then" \
			"$PRESSURE % of memory for 30 s; console $out/$k-$run.log"
		APPEND="preempt=full aatrace=0 " storm_run "${kernel[$k]}" \
			"$initrd" "$out/$k-$run" "reclaim-$PRESSURE" || true
		grep -q '^reclaim,after,' "$out/$k-$run.log.txt" || {
			say "$k run $run did not reach the end of the pressure" \
				"phase (console $out/$k-$run.log); not saved"
			continue; }
		grep -E -e '^(reclaim|hog),' -e 'Killed process' \
			"$out/$k-$run.log.txt" >"$out/$k-$run.reclaim"
		cp "$out/$k-$run.csv" "$out/$k-$run.pool.csv" \
			"$out/$k-$run.reclaim" "$dest/"
	done
done
"$TOP/scripts/reclaim-report.sh" "$dest" "$DURATION" "$CPUS" |
	tee "$dest/reclaim.md"
