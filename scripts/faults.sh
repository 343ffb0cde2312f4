#!/bin/bash
# make faults: the fixed kernel of make repro (the series, CONFIG_KUNIT=n)
# with slab fault injection, lockdep, list and atomic-sleep checks and
# kmemleak (configs/faults.config), booted once per scenario of
# repro/init.sh with the execve storm: allocations in aa_get_buffer() made
# to fail (failslab-P), or most of the guest's memory taken (pressure-P);
# all but "none" with the pool's reserve raised (below).
# The pool reader reads the pool during the load and after it. Each
# scenario passes if the storm ran to its end, the console has no splat,
# kmemleak found nothing, no sample saw a hold wrapped and, after the
# load, every buffer allocated is back on a list (report/faults.sh).
# Settings (environment): SCENARIOS (below) RESERVE=32 DURATION=60 CPUS=4
# WORKERS=2 (per CPU) MEM=1G SAMPLE=10; RT=1 for a PREEMPT_RT kernel;
# REF=prefix for the pre-fix tree. Results in $OUT/NAME/ and (config.sh's save)
# in results/NAME/ of this repository, NAME being faults, faults-rt,
# faults-prefix or faults-rt-prefix.
set -eu
. "$(dirname "$0")/config.sh"
DURATION=${DURATION:-60}
. "$TOP/scripts/helpers/storm.sh"

SCENARIOS=${SCENARIOS:-none reserve failslab-10 failslab-50 failslab-100 pressure-90 pressure-99}
RESERVE=${RESERVE:-32}
ready $DEPS_STORM
name=faults ref=${REF:-series}
set -- "$TOP/configs/repro.config" "$TOP/configs/faults.config"
if [ "${RT:-0}" = 1 ]; then
	name=faults-rt
	set -- "$@" "$TOP/configs/preempt-rt.config"
fi
# REF=prefix: the negative control, the pre-fix tree in the same kernel.
[ "$ref" = series ] || name=$name-$ref
out=$OUT/$name
rm -rf "$out"; mkdir -p "$out"
initrd=$(storm_initrd "$out")
kernel=$("$TOP/scripts/helpers/guest.sh" "$ref" "$BUILD/$name" "$@")

# The fixed pool allocates only when the load outgrows it, which this
# storm alone never makes it do (scenario none). The others start with
# the reserve raised to RESERVE, as atomic callers that find the pool empty
# raise it, so that sleeping callers allocate until the global list holds
# more than that: the allocations that failslab fails.
for s in $SCENARIOS; do
	r=$RESERVE; [ "$s" != none ] || r=
	say "$name: scenario $s${r:+, reserve raised to $r}, $CPUS vCPUs, $DURATION s; console $out/$s.log"
	POOL_RESERVE=$r APPEND="kmemleak=on " \
		storm_run "$kernel" "$initrd" "$out/$s" "$s" || true
	# What the table is made of: the guest's own report lines, the splats,
	# the OOM kills and kmemleak's report.
	grep -E -e '^(guest:|done,|exec_failed,|fork_failed,|killed,|respawned,|injected,|hog,)' \
		-e 'Out of memory|Killed process' -e "$SPLAT" "$out/$s.log.txt" >"$out/$s.summary" || true
	kmemleak_report "$out/$s.log.txt" >>"$out/$s.summary"
done

"$TOP/scripts/report/faults.sh" "$out" "$DURATION" >"$out/faults.md"
cat "$out/faults.md"
save "$RESULTS_PREFIX$name" "$out"/*.csv "$out"/*.summary "$out/faults.md"
! grep -q '| FAIL' "$out/faults.md"
