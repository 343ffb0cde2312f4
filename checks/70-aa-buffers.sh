#!/bin/bash
# tools/aa-buffers on what this machine has (make dumps, in make check-all,
# reads vmcores of our kernels): a core dump of a process, which is no
# kernel's, and the running kernel as a user without root, which it cannot
# read (where this kernel has no /proc/kcore, not even as root). Each is
# refused with exit 2 and the reason.
set -eu
. "$(dirname "$0")/lib.sh"
only_debian

rc=0
tool=$(mktemp /tmp/aa-buffers.XXXXXX)
trap 'rm -f "$tool" "$RUN"/core.*' EXIT
install -m 755 "$TOP/tools/aa-buffers" "$tool"
sleep 60 & pid=$!
gcore -o "$RUN/core" $pid || true
kill $pid
# refuses MESSAGE COMMAND...: COMMAND exits 2 saying MESSAGE.
refuses() {
	want=$1; shift
	out=$("$@" 2>&1) && st=0 || st=$?
	echo "$*: exit $st: $out"
	[ "$st" = 2 ] && echo "$out" | grep -qE "$want" ||
		{ echo "  not exit 2 with \"$want\""; return 1; }
}
refuses 'core.*has no VMCOREINFO note, so it is not a kernel dump' \
	"$tool" --core "$RUN/core.$pid" || rc=1
refuses 'needs root|this kernel has no /proc/kcore' \
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$tool" || rc=1
report $rc "tools/aa-buffers refuses, with the reason and exit 2, a process's core dump (no VMCOREINFO) and the running kernel without root"
