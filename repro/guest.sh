# SPDX-License-Identifier: GPL-2.0
# Sourced by every guest's /init (make x86's and the storms'
# repro/init.sh), never run: the mounts, the line the host checks the guest
# by, and kmemleak's report between the markers the host reads.

# guest_up: mount what the guests read; say how many CPUs and which LSMs.
guest_up() {
	mount -t proc proc /proc
	mount -t sysfs sys /sys
	mount -t devtmpfs dev /dev
	mount -t securityfs securityfs /sys/kernel/security
	mount -t tracefs tracefs /sys/kernel/tracing
	mount -t debugfs debugfs /sys/kernel/debug
	echo "guest: $(grep -c ^processor /proc/cpuinfo) CPUs," \
		"LSMs $(cat /sys/kernel/security/lsm)"
}

# guest_kmemleak: on a kernel with kmemleak, scan twice (an object is
# reported only once it stayed unreferenced over a scan) and print the
# report between "--- kmemleak" and "--- end of kmemleak".
guest_kmemleak() {
	[ -e /sys/kernel/debug/kmemleak ] || return 0
	echo scan >/sys/kernel/debug/kmemleak
	echo scan >/sys/kernel/debug/kmemleak
	echo "--- kmemleak"
	cat /sys/kernel/debug/kmemleak
	echo "--- end of kmemleak"
}
