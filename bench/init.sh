#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /init of make bench-lstat's guests. The kernel command line ends with
# "-- SECONDS": the lstat() load (one lstatload per CPU, confined by
# bench/lstatload.profile) runs SECONDS, twice: timed, with nothing
# traced; then counted, with kprobe events on the pool lock and kmalloc
# events, whose counts it prints.
# Lines for the host: timed,lstat,..., counted,lstat,..., count,lstat,EVENT,N,
# slab,start|end,N; "end of bench", after which the host reads the pool
# (scripts/helpers/pool.sh) and stops the guest.
secs=$1
. /guest.sh
guest_up
ncpu=$(grep -c ^processor /proc/cpuinfo)
t=/sys/kernel/tracing

cat /lstatload.bin >/sys/kernel/security/apparmor/.load ||
	echo "guest: the lstatload profile did not load"
mkdir /tree
i=0
while [ $i -lt 16 ]; do : >/tree/f$i; i=$((i + 1)); done

# The counters: each event in a trace instance of its own, whose
# per-CPU "entries" and "overrun" add up to the events written.
# lock: aa_buffers.lock, the first member of aa_buffers; try and tried:
# _raw_spin_trylock() on it, its calls and those that got it; spin:
# _raw_spin_lock() on it (after a failed trylock, a retry, or every time
# in a design without hold); contend: lock:contention_begin on it, a CPU
# that found it taken and spun in the slow path; kmalloc: the buffers
# allocated, aa_g_path_max bytes each.
counters() {
	lock=$(awk '$3 == "aa_buffers" { print "0x" $1 }' /proc/kallsyms)
	max=$(cat /sys/module/apparmor/parameters/path_max)
	# The allocator alone has no pool lock: its lock counts are 0.
	[ -n "$lock" ] || echo "guest: no aa_buffers, no pool lock to count"
	echo "p:try _raw_spin_trylock lock=%di:x64" >>$t/kprobe_events &&
	echo "r:tried _raw_spin_trylock ret=\$retval:u8" >>$t/kprobe_events &&
	echo "p:spin _raw_spin_lock lock=%di:x64" >>$t/kprobe_events ||
		{ echo "guest: kprobe events failed"; return 1; }
	for e in try spin; do
		[ -n "$lock" ] || continue
		mkdir $t/instances/$e
		echo "lock == $lock" >$t/instances/$e/events/kprobes/$e/filter
		echo 1 >$t/instances/$e/events/kprobes/$e/enable
	done
	# a trylock that returned 1 from aa_get_buffer() or aa_put_buffer()
	mkdir $t/instances/tried
	set -- $(awk 'f { print $1; f = 0 }
		$3 == "aa_get_buffer" || $3 == "aa_put_buffer" { print $1; f = 1 }' \
		/proc/kallsyms)
	echo "ret == 1 && ((__probe_ret_ip >= 0x$1 && __probe_ret_ip < 0x$2) ||" \
		"(__probe_ret_ip >= 0x$3 && __probe_ret_ip < 0x$4))" \
		>$t/instances/tried/events/kprobes/tried/filter
	echo 1 >$t/instances/tried/events/kprobes/tried/enable
	if [ -n "$lock" ]; then
		mkdir $t/instances/contend
		e=$t/instances/contend/events/lock/contention_begin
		echo "lock_addr == $lock" >$e/filter && echo 1 >$e/enable ||
			{ echo "guest: no lock:contention_begin to count"; return 1; }
	fi
	mkdir $t/instances/kmalloc
	echo "bytes_req == $max" >$t/instances/kmalloc/events/kmem/kmalloc/filter
	echo 1 >$t/instances/kmalloc/events/kmem/kmalloc/enable
}
# count LOAD: each counter's events since the last count, then cleared
count() {
	for e in try tried spin contend kmalloc; do
		[ -d $t/instances/$e ] || { echo "count,$1,$e,0"; continue; }
		n=$(cat $t/instances/$e/per_cpu/cpu*/stats |
			awk '/^(entries|overrun):/ { n += $2 } END { print n + 0 }')
		echo "count,$1,$e,$n"
		: >$t/instances/$e/trace
	done
}

# run HOW: the load, each line prefixed with HOW
run() {
	i=0
	while [ $i -lt "$ncpu" ]; do
		lstatload "$secs" /tree | sed "s/^/$1,/" &
		i=$((i + 1))
	done
	wait
	[ "$1" = timed ] || count lstat
}
# slab WHEN: kmalloc-8k's objects in use (the pool's buffers among them)
slab() { awk -v w="$1" '$1 == "kmalloc-8k" { print "slab," w "," $2 }' /proc/slabinfo; }
slab start
run timed
counters && run counted
slab end
# The host reads the pool through the gdbstub now, then stops QEMU.
echo "end of bench"
sleep 600
reboot -f	# QEMU runs with -no-reboot: it exits
