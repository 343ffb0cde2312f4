#!/bin/bash
# make module: boot the patched tree on QEMU x86_64 (4 CPUs) with the
# AppArmor KUnit suites built as modules, load apparmor_buffer_test, read
# its results from debugfs, unload it, and let kmemleak scan. kunit.py
# parses the results; the run passes if every case passed, the suite left
# the live pool as it found it, and kmemleak found nothing.
set -eu
. "$(dirname "$0")/config.sh"

ready $DEPS_X86 busybox-static cpio
build=$CACHE/build/x86_64-module
kernel=$("$TOP/scripts/guest.sh" series "$build" "$TOP/configs/module.config")
make -s O="$build" CC="ccache gcc" -j"$(nproc)" modules >/dev/null
rm -rf "$build/wb-root"
make -s O="$build" INSTALL_MOD_PATH="$build/wb-root" modules_install >/dev/null

cat >"$build/wb-init" <<'INIT'
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t debugfs debugfs /sys/kernel/debug
mount -t securityfs securityfs /sys/kernel/security
echo "guest: $(grep -c ^processor /proc/cpuinfo) CPUs, LSMs $(cat /sys/kernel/security/lsm)"
modprobe apparmor_buffer_test
echo "--- results"
cat /sys/kernel/debug/kunit/apparmor_buffer_cache/results
echo "--- end of results"
rmmod apparmor_buffer_test
echo scan >/sys/kernel/debug/kmemleak
echo scan >/sys/kernel/debug/kmemleak
echo "--- kmemleak"
cat /sys/kernel/debug/kmemleak
echo "--- end of kmemleak"
reboot -f
INIT
initrd=$("$TOP/scripts/initramfs.sh" "$build/wb-initramfs" "$build/wb-init" "$build/wb-root")
log=$CACHE/module.log
say "booting $kernel under QEMU (TCG, 4 CPUs); console log: $log"
no_kvm timeout 600 qemu-system-x86_64 -nographic -no-reboot -m 1G -smp 4 \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 loglevel=5 lsm=apparmor panic=-1 kmemleak=on" >"$log" 2>&1 ||
	die "QEMU failed or timed out; console log: $log"
tr -d '\r' <"$log" >"$log.txt"
grep '^guest:' "$log.txt" || die "the guest did not start init; see $log"
rc=0
sed -n '/^--- results/,/^--- end of results/p' "$log.txt" | sed '1d;$d' >"$CACHE/module.ktap"
./tools/testing/kunit/kunit.py parse "$CACHE/module.ktap" || rc=1
grep -q '^guest: 4 CPUs' "$log.txt" || { echo "FAIL: the guest did not run 4 CPUs"; rc=1; }
grep 'live pool' "$CACHE/module.ktap"
[ "$(grep 'live pool' "$CACHE/module.ktap" | sed 's/.*live pool [a-z]*: //' | uniq | wc -l)" = 1 ] ||
	{ echo "FAIL: the live pool changed while the suite ran"; rc=1; }
splat='BUG:|WARNING:|Oops|possible recursive locking|circular locking|inconsistent lock state|list_(add|del) corruption|sleeping function called from invalid context'
if grep -E "$splat" "$log.txt"; then
	echo "FAIL: the console log $log has the splat(s) above"
	rc=1
fi
leaks=$(sed -n '/^--- kmemleak/,/^--- end of kmemleak/p' "$log.txt" | sed '1d;$d')
[ -z "$leaks" ] || { echo "$leaks"; echo "FAIL: kmemleak reports leaks"; rc=1; }
exit $rc
