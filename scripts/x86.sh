#!/bin/bash
# make x86: boot the patched tree on QEMU x86_64 (4 CPUs) as a debug kernel
# (configs/x86_64-debug.config: KASAN, lockdep, list and atomic-sleep
# checks, kmemleak) with the AppArmor KUnit suites built as modules; load
# them, read their results from debugfs, unload them and let kmemleak scan.
# kunit.py parses the results (the concurrency suite's too, where the line
# has it: 4 CPUs under TCG). Passes if every case of every suite passed,
# the guest ran 4 CPUs, the deep suite left the live pool as it found it,
# every case of the posted suite took under a second (from the printk
# times of its results), the console has no splat and kmemleak found
# nothing. RT=1 does all of it on a PREEMPT_RT kernel
# (configs/preempt-rt.config). REF=posting boots branch posting (the posted
# suite alone), REF=rfc branch rfc (the series + patches/rfc/) instead of
# branch series, each in build dirs and reports of its own (x86-posting,
# x86-rfc, x86-rt-rfc). The report is kept in results/NAME/NAME.summary
# (NAME x86, x86-rt, ...).
set -eu
. "$(dirname "$0")/config.sh"

ready $DEPS_X86 busybox-static cpio kmod
suites='apparmor_policy_unpack apparmor_buffer_cache'
modules='apparmor_policy_unpack_test apparmor_buffer_test'
ref=${REF:-series}
case $ref in
series)	sfx= ;;
posting) sfx=-posting suites="apparmor_policy_unpack $POSTED_SUITE" ;;
rfc)	[ -n "$RFC_PATCHES" ] || die "REF=rfc: LINE=$LINE has no RFC"; sfx=-rfc ;;
*)	die "REF=$ref: make x86 boots branch series, posting or rfc" ;;
esac
# the concurrency suite too, on the guest's CPUs, where the line has it:
# its one case is slow (a second), so it runs in a second load of the
# module, the filter then picking it alone
race=
git grep -q "$RACE_SUITE" "$ref" -- security/apparmor/buffer_test.c &&
	race=$RACE_SUITE
build=$BUILD/x86_64-debug$sfx name=x86$sfx
set -- "$TOP/configs/x86_64-debug.config"
if [ "${RT:-0}" = 1 ]; then	# the same on a PREEMPT_RT kernel
	build=$BUILD/x86_64-debug-rt$sfx name=x86-rt$sfx
	set -- "$@" "$TOP/configs/preempt-rt.config"
fi
log=$OUT/$name.log
kernel=$("$TOP/scripts/helpers/guest.sh" "$ref" "$build" "$@")
command -v depmod >/dev/null ||
	die "depmod not found: install Debian's kmod (apt-get install kmod)"
rm -rf "$build/wb-root"
make -s -C "$build" INSTALL_MOD_PATH="$build/wb-root" modules_install >/dev/null
deps=$(ls "$build"/wb-root/lib/modules/*/modules.dep 2>/dev/null) ||
	die "modules_install wrote no modules.dep under $build/wb-root (depmod" \
		"failed above?); the guest could not load the suites"
for m in $modules; do
	grep -q "/$m.ko:" "$deps" || die "$m.ko is not in $deps"
done

cat >"$build/wb-init" <<INIT
#!/bin/sh
. /guest.sh
guest_up
echo "guest: kernel \$(uname -v)"
for m in $modules; do modprobe \$m || echo "guest: modprobe \$m failed"; done
for s in $suites; do
	echo "--- results \$s"
	cat /sys/kernel/debug/kunit/\$s/results
	echo "--- end of results"
done
for m in $modules; do rmmod \$m; done
if [ -n "$race" ]; then
	# no newline: the parameters would keep it
	printf %s 'speed>=very_slow' >/sys/module/kunit/parameters/filter
	printf %s '$race' >/sys/module/kunit/parameters/filter_glob
	modprobe apparmor_buffer_test || echo "guest: modprobe apparmor_buffer_test failed"
	echo "--- results $race"
	cat /sys/kernel/debug/kunit/$race/results
	echo "--- end of results"
	rmmod apparmor_buffer_test
fi
echo "--- dmesg"
dmesg
echo "--- end of dmesg"
guest_kmemleak
reboot -f
INIT
initrd=$("$TOP/scripts/helpers/initramfs.sh" "$build/wb-initramfs" "$build/wb-init" "$build/wb-root")
[ "${KVM:-0}" = 1 ] || say "QEMU runs under TCG with /dev/kvm hidden (KVM=1 to use KVM)"
# The slow case searches deeper through the same code: minutes under TCG
# with KASAN and lockdep. SLOW=1 runs it too.
filter='kunit.filter=speed>slow'
[ "${SLOW:-0}" = 0 ] || filter=
say "booting $kernel under QEMU ($CPUS CPUs); console log: $log"
qemu_boot "$OUT/$name" 900 "$kernel" "$initrd" "loglevel=5 kmemleak=on $filter" ||
	die "QEMU failed or timed out after 900 s; console log: $log"
grep -q '^guest:' "$log.txt" || die "the guest did not start init; see $log"

# The report: printed, and kept in NAME.summary, and in results/NAME/.
exec 3>&1 >"$OUT/$name.summary"
rc=0
grep '^guest:' "$log.txt"
grep -q "^guest: $CPUS CPUs" "$log.txt" || { echo "FAIL: the guest did not run $CPUS CPUs"; rc=1; }
[ "${RT:-0}" = 0 ] || grep -q '^guest: kernel .*PREEMPT_RT' "$log.txt" ||
	{ echo "FAIL: RT=1, but the guest's uname -v does not say PREEMPT_RT"; rc=1; }
! grep '^guest: modprobe' "$log.txt" || { echo "FAIL: a suite did not load"; rc=1; }
for s in $suites $race; do
	sed -n "/^--- results $s\$/,/^--- end of results/p" "$log.txt" |
		sed '1d;$d' >"$OUT/$name-$s.ktap"
	./tools/testing/kunit/kunit.py parse --json="$OUT/$name-$s.json" \
		"$OUT/$name-$s.ktap" >"$OUT/$name-$s.parse" 2>&1 || rc=1
	echo "$s: $(grep -o 'Ran [0-9]* tests.*' "$OUT/$name-$s.parse" ||
		echo "no results; see $OUT/$name-$s.parse")"
	failed_cases "$OUT/$name-$s.json" 2>/dev/null | sed 's/^/FAIL: /'
done
# what the concurrency suite did: threads, calls, contention
grep -h 'threads on [0-9]* CPUs' "$OUT/$name-$RACE_SUITE.ktap" 2>/dev/null || true
if [ "$ref" != posting ]; then	# the deep suite logs the live pool
	grep 'live pool' "$OUT/$name-apparmor_buffer_cache.ktap" || true
	[ "$(grep 'live pool' "$OUT/$name-apparmor_buffer_cache.ktap" | sed 's/.*live pool [a-z]*: //' | uniq | wc -l)" = 1 ] ||
		{ echo "FAIL: the live pool changed while the suite ran, or was not logged"; rc=1; }
else	# each case of the posted suite under a second
	sed -n '/^--- dmesg$/,/^--- end of dmesg$/p' "$log.txt" >"$OUT/$name.dmesg"
	under_a_second "$OUT/$name.dmesg" || rc=1
fi
if splats "$log.txt"; then
	echo "FAIL: the console log $log has the splat(s) above"
	rc=1
fi
leaks=$(kmemleak_report "$log.txt" | sed '1d;$d')
[ -z "$leaks" ] || { echo "$leaks"; echo "FAIL: kmemleak reports leaks"; rc=1; }
[ $rc != 0 ] || echo "PASS: no splat, kmemleak reports nothing"
exec >&3
cat "$OUT/$name.summary"
save "$RESULTS_PREFIX$name" "$OUT/$name.summary"
exit $rc
