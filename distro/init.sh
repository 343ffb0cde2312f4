#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# init of make distro's guests: a Debian userspace on one of Debian's own
# kernels, booted with init=/usr/local/sbin/aa-distro-init. The kernel
# command line carries "aastorm=SECONDS,WORKERS[,link|,mount]"; with
# "link", the same number of confined linkstorm workers
# (repro/linkstorm.c, profile aa-link) link() and unlink() beside the
# storm, with "mount" bind-mount and unmount. It runs tools/aa-buffers
# as root on the running kernel, as a user would: once, then --watch
# during the execve storm of make repro (repro/execstorm.c), confined by
# distro/aa-storm, then once more; then it prints its last reading as CSV
# and waits, running nothing, while the host dumps its memory.
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t securityfs none /sys/kernel/security
mount -t tmpfs tmpfs /tmp
# The host's drgn finds VMCOREINFO in QEMU's dump through fw_cfg.
modprobe qemu_fw_cfg || echo "guest: no qemu_fw_cfg: the dump will not be read"
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# shellcheck disable=SC2046 # two numbers and the load
set -- $(sed -n 's/.*aastorm=\([0-9]*\),\([0-9]*\),\{0,1\}\([a-z]*\).*/\1 \2 \3/p' /proc/cmdline)
echo "guest: $(uname -r), $(grep -c ^processor /proc/cpuinfo) CPUs," \
	"lsm $(cat /sys/kernel/security/lsm)"
echo "guest: $(dmesg | grep -o 'Dynamic Preempt: .*' | tail -n 1)"
# The storm's profiles (distro/aa-storm), as a service's are at boot.
apparmor_parser -r /etc/apparmor.d/aa-storm &&
	echo "guest: $(apparmor_parser -V | head -n 1), loaded:" \
		"$(tr '\n' ' ' </sys/kernel/security/apparmor/profiles)"
aa-buffers; echo "guest: aa-buffers exit $?"
# --watch first, its first table before the storm starts: drgn takes tens
# of seconds to start under TCG. Its "N s" lines are then seconds into
# the storm.
aa-buffers --watch 5 >/tmp/watch 2>&1 &
watch=$!
until grep -q '^verdict' /tmp/watch || ! kill -0 $watch 2>/dev/null; do
	sleep 1
done
links=
case ${3:-} in
link)	mkdir -p /tmp/l; linkstorm "$1" "$2" /tmp/l & links=$! ;;
mount)	mkdir -p /tmp/l; linkstorm -m "$1" "$2" /tmp/l & links=$! ;;
esac
execstorm "$1" "$2" /usr/local/bin/noop &
storm=$!
sleep 1
echo "guest: the storm runs as $(cat /proc/$storm/attr/current)"
[ -z "$links" ] ||
	echo "guest: the link load runs as $(cat /proc/$links/attr/current)"
wait $storm
[ -z "$links" ] || wait $links
kill $watch; wait $watch
echo "guest: aa-buffers --watch exit $?, its output:"
cat /tmp/watch
echo "guest: end of --watch"
aa-buffers; echo "guest: aa-buffers exit $?"
echo "guest: $(dmesg | grep -c 'apparmor="DENIED"') AppArmor denials"
mkfifo /tmp/wait
# The last reading, then nothing that could take a path buffer: echo and
# read are the shell's own.
echo "guest: csv follows"
aa-buffers --csv; echo "guest: aa-buffers --csv exit $?"
echo "guest: dump now"
read -r _ <>/tmp/wait
