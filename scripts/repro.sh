#!/bin/bash
# make repro: boot the pre-fix and the fixed kernel under QEMU, run an
# execve storm in each, and record the kmalloc-8k slab and the allocations
# aa_get_buffer() makes; scripts/helpers/pool.sh reads the pool itself (every CPU's
# hold and count, the global list) every SAMPLE seconds and once after the
# load. Settings (environment): RUNS=3 DURATION=120 CPUS=4 WORKERS=2 (per
# CPU) MEM=1G SAMPLE=10 KVM=0. Results in $OUT/repro/ and (config.sh's save) in
# results/repro/CPUS-vcpus-DURATION-s/ of this repository (LINE-CPUS-... for
# a LINE other than 7.3). FRAGMENT=configs/NAME.config adds a config
# fragment to both kernels; their build dirs and the results directory
# then end in -NAME.
# The table and plots are made by report/repro.sh, which can be rerun on
# saved CSVs.
set -eu
. "$(dirname "$0")/config.sh"
. "$TOP/scripts/helpers/storm.sh"

ready $DEPS_STORM
out=$OUT/repro
rm -rf "$out"; mkdir -p "$out"

initrd=$(storm_initrd "$out")

set -- "$TOP/configs/repro.config"
name=
if [ -n "${FRAGMENT:-}" ]; then
	case $FRAGMENT in /*) ;; *) FRAGMENT=$TOP/$FRAGMENT ;; esac
	[ -f "$FRAGMENT" ] || die "FRAGMENT=$FRAGMENT: no such file"
	set -- "$@" "$FRAGMENT"
	name=-$(basename "$FRAGMENT" .config)
fi
declare -A kernel
kernel[prefix]=$("$TOP/scripts/helpers/guest.sh" prefix "$BUILD/repro-prefix$name" "$@")
kernel[fixed]=$("$TOP/scripts/helpers/guest.sh" series "$BUILD/repro-fixed$name" "$@")

# Alternate the kernels, so that both see the same machine load.
for run in $(seq "$RUNS"); do
	for k in prefix fixed; do
		say "run $run of $RUNS, $k kernel: $CPUS vCPUs, $DURATION s; console $out/$k-$run.log"
		storm_run "${kernel[$k]}" "$initrd" "$out/$k-$run" none || true
	done
done

"$TOP/scripts/report/repro.sh" "$out" "$CPUS" "$DURATION" "$WORKERS"
save "repro/$RESULTS_PREFIX$CPUS-vcpus-$DURATION-s$name" \
	"$out"/*.csv "$out/runs.md" "$out"/*.png "$out"/*.svg
