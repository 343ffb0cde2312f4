#!/bin/bash
# make timing: how long the suites run under UML, 5 rounds of kunit.py exec
# on the patched tree's UML kernel, each round running in turn
#   policy      apparmor_policy_unpack alone: about the cost of booting UML
#   buffer      apparmor_buffer_cache without its slow case
#   slow        its slow case alone
# The "Elapsed time" that kunit.py exec reports (UML's boot and halt
# included) goes to results/timing/runs.log, the medians to runs.md.
set -eu
. "$(dirname "$0")/config.sh"

ready
git checkout -q series
build=$BUILD/um
# build (or rebuild) the UML kernel of the series, and check that it passes
kunit "$build" "$OUT/series-um.json" >/dev/null ||
	die "KUnit fails on the series; run make to see why"
out=$TOP/results/timing
mkdir -p "$out"
log=$out/runs.log
echo "timing: workbench at $(git -C "$TOP" rev-parse --short=12 HEAD), series at $(git rev-parse --short=12 series), $(nproc) CPUs" >"$log"
for round in 1 2 3 4 5; do
	for what in policy buffer slow; do
		case $what in
		policy) set -- apparmor_policy_unpack ;;
		buffer) set -- apparmor_buffer_cache --filter 'speed>slow' ;;
		slow) set -- apparmor_buffer_cache --filter 'speed=slow' ;;
		esac
		t=$(./tools/testing/kunit/kunit.py exec --build_dir="$build" "$@" |
			sed -n 's/.*Elapsed time: \([0-9.]*\)s.*/\1/p')
		[ -n "$t" ] || die "kunit.py exec $* gave no time"
		echo "run $round $what $t" | tee -a "$log"
	done
done
"$TOP/scripts/timing-report.sh" "$log" >"$out/runs.md"
cat "$out/runs.md"
