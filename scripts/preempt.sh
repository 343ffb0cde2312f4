#!/bin/bash
# make preempt: who was exposed. The execve storm of make repro on kernels
# that take their preemption options from Debian's own config for LINE
# (scripts/helpers/debconfig.sh: PREEMPT_DYNAMIC, the line's default model), booted
# with each preempt= model, pre-fix and fixed interleaved. RT=1: the kernel
# built PREEMPT_RT, as Debian's rt flavour of LINE. The kernels also have
# kprobe events (configs/kprobes.config), with which repro/init.sh traces every
# aa_get_buffer() and aa_put_buffer() call: get/put pairs of one task that
# ran on different CPUs, and every CPU's hold crossing 2^31 (a wrap, as an
# event). Settings (environment): MODELS (default: every model of the
# line), RUNS=3 DURATION=120 CPUS=4 WORKERS=2 (per CPU) MEM=1G SAMPLE=10;
# TRACE=0 runs without the trace (results in ...-untraced), to measure
# what it costs. SCENARIO=migrate: the fixed kernel under the plain storm
# and under the migration storm (repro/init.sh), interleaved, instead of
# pre-fix against fixed (results in ...-migrate). SCENARIO=rfc (7.3, RT=1
# too): the fixed kernel against the fixed kernel + patches/rfc/ (branch
# rfc), each under the plain and under the migration storm, interleaved
# (results in ...-rfc: fixed-N, rfc-N, migrate-N, rfc-migrate-N).
# LOAD=link or mount (SCENARIO none only): beside the storm, confined tasks
# that link() and unlink(), or bind-mount and unmount, each holding two
# path buffers at once (repro/init.sh; results in ...-link, ...-mount).
# Each run is saved as it ends in
# results/preempt/LINE-MODEL-CPUS-vcpus-DURATION-s/; one saved there already
# is not run again, so an interrupted make preempt goes on where it stopped.
# The matrix: scripts/report/preempt.sh.
set -eu
. "$(dirname "$0")/config.sh"
. "$TOP/scripts/helpers/storm.sh"

SCENARIO=${SCENARIO:-none} LOAD=${LOAD:-execve}
case $LOAD in
execve)	;;
link|mount) [ "$SCENARIO" = none ] ||
		die "LOAD=$LOAD runs beside the plain storm only, not SCENARIO=$SCENARIO" ;;
*)	die "LOAD=$LOAD: make preempt runs LOAD=execve (the storm alone), link or mount (beside it)" ;;
esac
# The legs of each cell: a kernel, and the storm's scenario where it is not
# the plain one.
case $SCENARIO in
none)	legs="prefix fixed" ;;
migrate) legs="fixed fixed:migrate" ;;
rfc)	[ -n "$RFC_PATCHES" ] || die "SCENARIO=rfc: LINE=$LINE has no RFC"
	legs="fixed rfc fixed:migrate rfc:migrate" ;;
*)	die "SCENARIO=$SCENARIO: make preempt knows none, migrate and rfc" ;;
esac
ready $DEPS_STORM
out=$OUT/preempt
mkdir -p "$out"

# 7.x's x86 has PREEMPT_LAZY, and with it sched_dynamic_mode() takes only
# full and lazy: preempt=none says "unsupported mode" and the kernel stays
# lazy (a run says so and is not counted); config.sh's PREEMPT_MODELS are
# the models that take.
if [ "${RT:-0}" = 1 ]; then
	flavour=rt MODELS=${MODELS:-rt}
else
	flavour=dynamic MODELS=${MODELS:-$PREEMPT_MODELS}
fi
# Only the kernels the legs boot (a cold build is 10-25 minutes).
declare -A kernel
[ "$SCENARIO" != none ] || kernel[prefix]=$(storm_kernel prefix $flavour)
kernel[fixed]=$(storm_kernel series $flavour)
[ "$SCENARIO" != rfc ] || kernel[rfc]=$(storm_kernel rfc $flavour)
[ "$RUNS" -gt 0 ] || exit 0

initrd=$(storm_initrd "$out/initrd")
# Each run of every cell before the next run of any, the kernels alternating,
# so that all cells see the same machine; runs already saved are kept.
for run in $(seq "$RUNS"); do
	for model in $MODELS; do
		dest=$TOP/results/preempt/$LINE-$model-$CPUS-vcpus-$DURATION-s
		APPEND="preempt=$model "
		[ "$model" = rt ] && APPEND=
		if [ "${TRACE:-1}" = 0 ]; then
			dest=$dest-untraced APPEND="${APPEND}aatrace=0 "
		fi
		[ "$SCENARIO" = none ] || dest=$dest-$SCENARIO
		[ "$LOAD" = execve ] || dest=$dest-$LOAD
		mkdir -p "$dest"
		for leg in $legs; do
			# k names the files: the kernel, the scenario on the
			# fixed kernel, or both
			kern=${leg%:*} scenario=none k=$leg
			[ "$LOAD" = execve ] || scenario=$LOAD
			case $leg in
			fixed:*) scenario=${leg#*:} k=$scenario ;;
			*:*)	scenario=${leg#*:} k=$kern-$scenario ;;
			esac
			[ -f "$dest/$k-$run.trace" ] &&
				! grep -q incomplete "$dest/$k-$run.csv" && continue
			say "run $run of $RUNS, $kern kernel, $LINE $model," \
				"$scenario storm: $CPUS vCPUs, $DURATION s;" \
				"console $out/$k-$run.log"
			APPEND=$APPEND storm_run "${kernel[$kern]}" "$initrd" \
				"$out/$k-$run" "$scenario" || true
			[ "$LOAD" = execve ] || ! grep -q '^done,' "$out/$k-$run.log.txt" || {
				grep -q '^guest: the link load runs as aa-link (enforce)' \
					"$out/$k-$run.log.txt" &&
				grep -q "^${LOAD}s," "$out/$k-$run.log.txt" &&
				grep -q '^guest: 0 AppArmor denials' "$out/$k-$run.log.txt"; } ||
				die "the $LOAD load was not confined by distro/aa-storm's" \
					"aa-link, did not finish, or was denied an access;" \
					"see $out/$k-$run.log.txt"
			# The model the kernel says it runs, then the trace's counts.
			{ sed -n 's/.*Dynamic Preempt: \([a-z]*\).*/model,\1/p' \
				"$out/$k-$run.log.txt" | head -1
			  grep -q 'Linux version.* PREEMPT_RT ' \
				"$out/$k-$run.log.txt" && echo model,rt
			  grep -E '^(trace|wrap|trace_lost|moved|links|mounts),' "$out/$k-$run.log.txt"
			} >"$out/$k-$run.trace" || true
			cp "$out/$k-$run.csv" "$out/$k-$run.pool.csv" \
				"$out/$k-$run.trace" "$dest/"
		done
		"$TOP/scripts/report/repro.sh" "$dest" "$CPUS" "$DURATION" \
			"$WORKERS" >/dev/null || say "no complete run in $dest yet"
	done
done
"$TOP/scripts/report/preempt.sh" "$TOP/results/preempt" |
	tee "$TOP/results/preempt/matrix.md"
