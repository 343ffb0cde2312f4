#!/bin/bash
# pool.sh VMLINUX HOST:PORT: read AppArmor's path buffer pool from a running
# QEMU guest (qemu ... -gdb tcp:HOST:PORT) booted from VMLINUX's build, which
# needs debug info and CONFIG_GDB_SCRIPTS. Every line read on standard input
# takes one sample: gdb attaches (the guest stops), reads with the kernel's
# GDB helpers, detaches. Prints a CSV header, then a line per sample:
#   t          seconds since the first sample
#   pause_ms   how long the guest was stopped (gdb's attach to its detach)
#   global     buffers on the global list; reserve: the reserve count
#   trace_events  events in the main ftrace buffer (-1 without tracing)
#   holdN, countN  CPU N's hold and the buffers on its list, every
#                  possible CPU (no holdN where the cache has no hold:
#                  patches/rfc/)
# make bench's allocator alone (bench/alloc.patch) has no pool: its lines
# are t, pause_ms and mempool, the buffers in its mempool's reserve.
# One sample: echo | scripts/helpers/pool.sh BUILD/vmlinux localhost:1234
# With POOL_RESERVE=N (make faults, make reclaim) the first sample also
# sets the pool's reserve count to N, and an input line "reserve N" (make
# reclaim) sets it to N after that sample's reading: the only writes.
set -eu

[ $# = 2 ] || { echo "usage: $0 VMLINUX HOST:PORT" >&2; exit 2; }
vmlinux=$1 target=$2
die() { printf 'pool.sh: %s\n' "$*" >&2; exit 1; }

command -v gdb >/dev/null || die "gdb is missing: apt-get install gdb"
[ -f "$vmlinux" ] || die "$vmlinux: no such file (the vmlinux of the guest's build)"
readelf -S "$vmlinux" 2>/dev/null | grep -q '\.debug_info' ||
	die "$vmlinux has no debug info: build with CONFIG_DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT=y"
helpers=$(dirname "$vmlinux")/vmlinux-gdb.py
[ -f "$helpers" ] ||
	die "$helpers is missing: build with CONFIG_GDB_SCRIPTS=y and 'make scripts_gdb'"

POOL_TARGET=$target POOL_QMP_DUMP=$(dirname "$0")/qmp-dump.py \
	exec gdb -nx -batch -iex 'set auto-load no' \
	-iex 'set pagination off' -iex 'set tcp connect-timeout 3' \
	-ex "source $helpers" \
	-x "$(dirname "$0")/pool.py" "$vmlinux" 3>&1 >/dev/null
