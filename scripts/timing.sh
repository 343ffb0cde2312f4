#!/bin/bash
# make timing: how long the suites run under UML, on the patched tree's UML
# kernel as make builds it (one CPU) and on an SMP build of it booted with
# two CPUs (CONFIG_SMP=y, ncpus=2 seccomp=on: each CPU a host thread). 5
# rounds of kunit.py exec, each running in turn
#   policy      apparmor_policy_unpack alone: about the cost of booting UML
#   buffer      apparmor_buffer_cache without its slow case
#   slow        its slow case alone (one CPU only: on two it runs past
#               kunit.py's timeout)
# on each kernel. The "Elapsed time" that kunit.py exec reports (UML's boot
# and halt included), with the host's 1-minute load average before the
# run, goes to runs.log, the medians to runs.md. Then one profile of the
# buffer run on each kernel (perf record of the host process, cpu-clock):
# where the time goes, profile-*.txt. Saved in results/timing/.
set -eu
. "$(dirname "$0")/config.sh"

ready linux-perf
git checkout -q series
# kernels: NAME BUILD_DIR KUNIT_ARGS..., each NAME's build and its args
up=("$BUILD/um")
smp=("$BUILD/um-smp" "${SMP_BOOT[@]}")
# build (or rebuild) each kernel, and check that its suites pass
kunit "${up[0]}" "$OUT/series-um.json" >/dev/null ||
	die "KUnit fails on the series; run make to see why"
kunit "${smp[0]}" "$OUT/series-um-smp.json" --kconfig_add CONFIG_SMP=y \
	"${smp[@]:1}" --filter 'speed>slow' >"$OUT/timing-smp.log" 2>&1 ||
	die "KUnit fails on the series' SMP UML kernel; see $OUT/timing-smp.log"
grep -q '^CONFIG_SMP=y' "${smp[0]}/.config" || die "${smp[0]} has no SMP"

out=$OUT/timing
rm -rf "$out"; mkdir -p "$out"
log=$out/runs.log
echo "timing: workbench at $(git -C "$TOP" rev-parse --short=12 HEAD), series at $(git rev-parse --short=12 series), $(nproc) CPUs" >"$log"
# exec_on KERNEL WHAT [PREFIX...]: kunit.py exec of WHAT on KERNEL (up,
# smp), under the command PREFIX if one is given
exec_on() {
	local -n k=$1
	local f
	case $2 in
	policy) f=(apparmor_policy_unpack) ;;
	buffer) f=(apparmor_buffer_cache --filter 'speed>slow') ;;
	slow) f=(apparmor_buffer_cache --filter 'speed=slow') ;;
	esac
	shift 2
	"$@" ./tools/testing/kunit/kunit.py exec --build_dir="${k[0]}" \
		"${k[@]:1}" "${f[@]}"
}
for round in 1 2 3 4 5; do
	for kernel in up smp; do
		for what in policy buffer slow; do
			[ "$kernel.$what" != smp.slow ] || continue
			load=$(cut -d' ' -f1 /proc/loadavg)
			t=$(exec_on $kernel $what | tee "$OUT/timing-exec.log" |
				sed -n 's/.*Elapsed time: \([0-9.]*\)s.*/\1/p')
			grep -q 'Testing complete\. Ran [0-9]* tests: passed: [0-9]*$' \
				"$OUT/timing-exec.log" ||
				die "kunit.py exec of $what on $kernel did not pass; see $OUT/timing-exec.log"
			[ -n "$t" ] || die "kunit.py exec of $what on $kernel gave no time"
			echo "run $round $kernel $what $t $load" | tee -a "$log"
		done
	done
done
"$TOP/scripts/report/timing.sh" "$log" >"$out/runs.md"
cat "$out/runs.md"
for kernel in up smp; do
	exec_on $kernel buffer perf record -q -e cpu-clock -F 997 \
		-o "$OUT/timing.perf" -- >/dev/null 2>&1 ||
		die "perf record of the $kernel kernel's buffer run failed"
	{ echo "where the $kernel kernel spends the buffer run (perf record -e cpu-clock of kunit.py exec; share of samples, the symbols of 2 % or more):"
	  perf report -q -i "$OUT/timing.perf" --no-children --sort dso,sym \
		--stdio --percent-limit 2 2>/dev/null | sed 's/ *$//' | grep . ; } \
		>"$out/profile-$kernel.txt"
	cat "$out/profile-$kernel.txt"
done
save "${RESULTS_PREFIX}timing" "$out"/*
