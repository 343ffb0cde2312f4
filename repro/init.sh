#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /init of the storm guests (make repro, make faults). The kernel command
# line ends with "-- DURATION WORKERS SCENARIO", which the kernel passes
# here as arguments. SCENARIO is one of
#   none           the execve storm alone
#   reserve        the same (make faults raises the reserve from outside)
#   failslab-P     P % of the kmallocs made in aa_get_buffer() fail
#   pressure-P     a process holds P % of MemAvailable during the storm
#   migrate        the migration storm (execstorm -m): the workers on CPUs
#                  1..n-1, every child moved to CPU 0 while it may be in
#                  its execve
#   link, mount    the storm, and beside it as many linkstorm workers
#                  (repro/linkstorm.c) confined by distro/aa-storm's aa-link
#                  profile, which link() and unlink() (mount: bind-mount
#                  and unmount) as fast as they can: each link or bind
#                  mount holds two path buffers at once
#   reclaim-P      the storm, then the host puts the reserve back to 2
#                  (make reclaim raised it at the start), then reclaim: a
#                  process holds P % of MemAvailable for 30 s and exits, or
#                  with P = drop, "echo 2 >/proc/sys/vm/drop_caches"; then
#                  the last CPU goes offline
# The host reads the pool through the gdbstub after "end of load".
duration=$1 workers=$2 scenario=${3:-none}
. /guest.sh
guest_up

# Count the buffers aa_get_buffer() allocates: kmalloc events whose call
# site lies in it and which returned a buffer.
set -- $(grep -A1 ' aa_get_buffer$' /proc/kallsyms | cut -d' ' -f1)
start=$1 end=$2
t=/sys/kernel/tracing
echo "call_site >= 0x$start && call_site < 0x$end && ptr != 0" \
	>$t/events/kmem/kmalloc/filter || echo "guest: no kmalloc filter"
echo 1 >$t/events/kmem/kmalloc/enable

# make preempt's kernels have kprobe events (configs/kprobes.config): trace
# every aa_get_buffer() and aa_put_buffer() call with every CPU's hold, in a
# trace instance of its own (the kmalloc count above reads the main one).
# hold is the first member of struct aa_local_cache, and CPU c's copy of
# aa_local_buffers lies __per_cpu_offset[c] beyond the symbol.
# aatrace=0 on the kernel command line (make preempt TRACE=0) leaves them
# off, to measure what the trace costs.
a=$t/instances/aa
if [ -e $t/kprobe_events ] && [ "${aatrace:-1}" != 0 ]; then
	base=$((0x$(grep ' aa_local_buffers$' /proc/kallsyms | cut -d' ' -f1)))
	case $base in -*) ;; *) base=+$base ;; esac
	holds= c=0
	while [ $c -lt "$(grep -c ^processor /proc/cpuinfo)" ]; do
		holds="$holds h$c=$base(@__per_cpu_offset+$((8 * c))):u32"
		c=$((c + 1))
	done
	{ echo "p:aaget aa_get_buffer$holds" >>$t/kprobe_events &&
	  echo "p:aaput aa_put_buffer$holds" >>$t/kprobe_events &&
	  mkdir $a && echo boot >$a/trace_clock &&
	  echo 16384 >$a/buffer_size_kb &&
	  echo 1 >$a/events/kprobes/enable; } ||
		echo "guest: kprobe events failed"
fi

f=/sys/kernel/debug/failslab
storm= links=
case $scenario in
none|reserve) ;;
migrate) storm=-m ;;
link|mount)
	cat /aa-storm.bin >/sys/kernel/security/apparmor/.load ||
		{ echo "guest: distro/aa-storm's profiles did not load"; exit 1; }
	mkdir -p /tmp/l
	m=; [ "$scenario" = link ] || m=-m
	/usr/local/bin/linkstorm $m "$duration" "$workers" /tmp/l &
	links=$!
	sleep 1
	echo "guest: the link load runs as $(cat /proc/$links/attr/current)" ;;
failslab-*)
	# Only slab allocations with a return address in aa_get_buffer() on
	# their stack may fail, sleeping ones included; "times" counts down.
	echo N >$f/ignore-gfp-wait
	echo "0x$start" >$f/require-start
	echo "0x$end" >$f/require-end
	echo 32 >$f/stacktrace-depth
	echo 1000000000 >$f/times
	echo "${scenario#failslab-}" >$f/probability || exit 1
	echo "guest: failslab at $(cat $f/probability) % in aa_get_buffer" \
		"[0x$start, 0x$end)" ;;
pressure-*)
	hog "${scenario#pressure-}" &
	sleep 5 ;;
reclaim-*)
	# The buffers the RFC's shrinker frees: kfree events whose call site
	# lies in aa_buffers_scan(), in a trace instance of their own. The
	# fixed kernel has no such function.
	set -- $(grep -A1 ' aa_buffers_scan$' /proc/kallsyms | cut -d' ' -f1)
	fr=$t/instances/freed
	if [ $# = 2 ]; then
		{ mkdir $fr &&
		  echo "call_site >= 0x$1 && call_site < 0x$2" \
			>$fr/events/kmem/kfree/filter &&
		  echo 1 >$fr/events/kmem/kfree/enable; } ||
			echo "guest: kfree trace failed"
	fi ;;
*)	echo "guest: unknown scenario $scenario"; exit 1 ;;
esac

read -r start _ </proc/uptime
execstorm $storm "$duration" "$workers" /bin/noop $t/trace
if [ -n "$links" ]; then
	wait $links
	echo "guest: $(dmesg | grep -c 'apparmor="DENIED"') AppArmor denials"
fi
if [ -d $a ]; then
	echo 0 >$a/tracing_on
	awk -v start="$start" -f /trace.awk $a/trace
	awk '/^(overrun|commit overrun|dropped events):/ { n += $NF }
		END { print "trace_lost," n + 0 }' $a/per_cpu/cpu*/stats
fi
# Failslab off first, with shell builtins: under failslab-100 the next
# exec would fail.
case $scenario in failslab-*)
	echo 0 >$f/probability
	read -r left <$f/times
	echo "injected,$((1000000000 - left))" ;;
esac
# make reclaim: seconds since the load began, kmalloc-8k's active and total
# objects and the buffers the shrinker freed (-1: no shrinker), before,
# under and after the reclaim, and once the last CPU is offline (the host
# reads its cache then).
case $scenario in reclaim-*)
	since() { read -r now _ </proc/uptime; echo "$now - $start" | bc; }
	reclaim() {
		n=-1
		[ ! -d $fr ] || n=$(grep -c ' kfree:' $fr/trace)
		echo "reclaim,$1,$(since),$(awk '$1 == "kmalloc-8k" {
			print $2 "," $3 }' /proc/slabinfo),$n"
	}
	echo "host,reserve,2,$(since)"
	sleep 5
	reclaim before
	case $scenario in
	reclaim-drop)
		echo 2 >/proc/sys/vm/drop_caches
		sleep 30
		reclaim under ;;
	*)	hog "${scenario#reclaim-}" &
		sleep 30
		reclaim under
		kill $!
		wait $! ;;
	esac
	sleep 10
	reclaim after
	# CPU hotplug: a few execs on the last CPU, so that its cache holds
	# a buffer where the pool keeps one there, then it goes offline.
	cpu=$(($(grep -c ^processor /proc/cpuinfo) - 1))
	for i in 1 2 3; do taskset -c $cpu /bin/noop; done
	sleep 10
	reclaim online
	echo 0 >/sys/devices/system/cpu/cpu$cpu/online ||
		echo "guest: CPU $cpu did not go offline"
	sleep 10
	reclaim "offline-$cpu" ;;
esac
sleep 1
guest_kmemleak
echo "end of load"
while :; do sleep 3600; done
