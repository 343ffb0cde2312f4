#!/bin/bash
# make reclaim: memory coming back, and a CPU going offline (7.3). The
# fixed kernel of make preempt and the same with patches/rfc/ (its
# shrinker, its hotplug callback), booted at preempt=full, alternating run
# by run. Each run: the pool reader raises the reserve to RESERVE at the
# start, the execve storm (WORKERS per CPU) fills the global list up to it,
# the reader puts the reserve back to 2; then reclaim: either a process
# that takes PRESSURE % of MemAvailable for 30 s (at 100 the OOM killer
# ends it) or one drop_caches; 10 s idle; then the last CPU goes offline
# (repro/init.sh, scenario reclaim-P or reclaim-drop). The pool reader
# samples every possible CPU's cache every SAMPLE s throughout. Results in
# results/reclaim/, the table and plot by scripts/report/reclaim.sh.
# Settings (environment): RUNS=2 DURATION=60 CPUS=4 WORKERS=64 MEM=1G
# SAMPLE=5 PRESSURE=100 RESERVE=32. Runs already saved are not run again.
set -eu
. "$(dirname "$0")/config.sh"
RUNS=${RUNS:-2} DURATION=${DURATION:-60} WORKERS=${WORKERS:-64}
SAMPLE=${SAMPLE:-5}
. "$TOP/scripts/helpers/storm.sh"

[ -n "$RFC_PATCHES" ] || die "make reclaim: LINE=$LINE has no RFC"
PRESSURE=${PRESSURE:-100} RESERVE=${RESERVE:-32}
ready $DEPS_STORM
out=$OUT/reclaim dest=$TOP/results/reclaim
mkdir -p "$out" "$dest"

# The kernels of make preempt.
declare -A kernel
kernel[fixed]=$(storm_kernel series dynamic)
kernel[rfc]=$(storm_kernel rfc dynamic)

initrd=$(storm_initrd "$out/initrd")
for run in $(seq "$RUNS"); do
	for how in pressure drop; do
		scenario=reclaim-$PRESSURE
		[ $how = pressure ] || scenario=reclaim-drop
		for k in fixed rfc; do
			name=$k-$how-$run
			[ -f "$dest/$name.reclaim" ] && continue
			say "run $run of $RUNS, $k kernel: storm of $DURATION s," \
				"then $scenario; console $out/$name.log"
			POOL_RESERVE=$RESERVE APPEND="preempt=full aatrace=0 " \
				storm_run "${kernel[$k]}" "$initrd" \
				"$out/$name" "$scenario" || true
			grep -q '^reclaim,offline-' "$out/$name.log.txt" || {
				say "$name did not reach the end of the" \
					"scenario (console $out/$name.log);" \
					"not saved"
				continue; }
			grep -E -e '^(reclaim|hog|host),' -e 'Killed process' \
				"$out/$name.log.txt" >"$out/$name.reclaim"
			cp "$out/$name.csv" "$out/$name.pool.csv" \
				"$out/$name.reclaim" "$dest/"
		done
	done
done
"$TOP/scripts/report/reclaim.sh" "$dest" "$DURATION" "$CPUS" |
	tee "$dest/reclaim.md"
