#!/bin/bash
# make x86: the AppArmor suites on the patched tree under QEMU x86_64 with 4
# CPUs and the debug options of configs/x86_64-debug.config. Passes when
# every case passes, the guest ran 4 CPUs, and its log has no splat.
set -eu
. "$(dirname "$0")/config.sh"

ready $DEPS_X86
build=$CACHE/build/x86_64-debug
[ "${KVM:-0}" = 1 ] || say "QEMU runs under TCG with /dev/kvm hidden (KVM=1 to use KVM)"
rc=0
WRAP=no_kvm kunit "$build" "$CACHE/x86_64-debug.json" --arch=x86_64 \
	--kunitconfig="$TOP/configs/x86_64-debug.config" \
	--qemu_args="-smp 4" --timeout=900 || rc=1

log=$build/test.log
cpus=$(grep -o 'Brought up [0-9]* node[s]*, [0-9]* CPUs' "$log" || true)
echo "guest: ${cpus:-no CPU count in $log}"
case $cpus in
*', 4 CPUs') ;;
*) echo "FAIL: the guest did not run 4 CPUs"; rc=1 ;;
esac
splat='BUG:|WARNING:|KASAN|possible recursive locking|circular locking|inconsistent lock state|list_(add|del) corruption|sleeping function called from invalid context'
if grep -E "$splat" "$log"; then
	echo "FAIL: the kernel log $log has the splat(s) above"
	rc=1
fi
exit $rc
