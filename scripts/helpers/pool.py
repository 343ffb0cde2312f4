# SPDX-License-Identifier: GPL-2.0
# Run by scripts/helpers/pool.sh inside gdb, with the kernel's GDB helpers loaded.
# For every line on standard input: attach to the guest (QEMU's gdbstub
# stops it), read AppArmor's path buffer pool, detach, print one CSV line.
import os
import sys
import time

import gdb

TARGET = os.environ['POOL_TARGET']
RESERVE = int(os.environ.get('POOL_RESERVE') or 0)
# make dumps: with POOL_DUMP=FILE, the guest's memory is dumped to FILE
# through QEMU's QMP socket POOL_QMP, while gdb holds the guest stopped, at
# the first sample where a CPU's hold has wrapped (POOL_DUMP_AT=wrapped) or
# at sample number POOL_DUMP_AT; that sample is the last.
DUMP = os.environ.get('POOL_DUMP')
DUMP_AT = os.environ.get('POOL_DUMP_AT', 'wrapped')
WRAPPED = 1 << 31	# hold went below zero (tools/aa-buffers: the same)


def fail(msg):
    sys.stderr.write('pool.sh: %s\n' % msg)
    sys.stderr.flush()
    os._exit(1)


try:
    from linux import cpus
except Exception as e:		# ImportError; gdb.error if not a kernel
    fail("the kernel's GDB helpers did not load (%s)" % e)


def lsm_static(name):
    """The symbol of the static variable NAME in lsm.c, or None."""
    for s in gdb.lookup_static_symbols(name):
        if s.symtab.filename.endswith('security/apparmor/lsm.c'):
            return s
    return None


# Look the symbols up before attaching: that is gdb's slow part, and the
# guest runs meanwhile. Their values are read only while attached (before
# that, gdb would read the initial values in vmlinux).
# make bench's allocator alone (bench/alloc.patch) has no pool but a
# mempool; its CSV has one column after pause_ms: mempool, the buffers in
# the mempool's reserve.
mempool = lsm_static('aa_buffer_reserve')
cache = lsm_static('aa_local_buffers')
if cache is None and mempool is None:
    fail('aa_local_buffers of security/apparmor/lsm.c is not in this kernel '
         '(no AppArmor, or no debug info for lsm.c)')
cache = cache and cache.value().address	# the address only: nothing read yet
pool = lsm_static('aa_buffers')			# the series: struct aa_buffer_pool
count = lsm_static('buffer_count')		# before it: two static ints
reserve = lsm_static('reserve_count')
if mempool is None and pool is None and (count is None or reserve is None):
    fail('neither aa_buffers nor buffer_count and reserve_count of '
         'security/apparmor/lsm.c are in this kernel')
trace = gdb.lookup_static_symbol('global_trace')
for name in ('__per_cpu_offset', '__cpu_online_mask', '__cpu_possible_mask'):
    gdb.lookup_global_symbol(name) or fail(name + ' is not in this kernel')


def pool_counts():
    """(buffers on the global list, reserve) in either shape of lsm.c."""
    if pool is not None:
        p = pool.value()
        return int(p['buffer_count']), int(p['reserve_count'])
    return int(count.value()), int(reserve.value())


def trace_events(cpu_list):
    """Events committed to the main ftrace buffer on all CPUs, or -1."""
    if trace is None:
        return -1
    rb = trace.value()['array_buffer']['buffer']
    if int(rb) == 0:
        return -1
    return sum(int(rb['buffers'][c]['entries']['a']['counter'])
               for c in cpu_list)


def this_cpu(c):
    """CPU C's aa_local_buffers. per_cpu() returns a pointer in 7.x's GDB
    helpers and the variable itself in 6.12's."""
    v = cpus.per_cpu(cache, c)
    return v.dereference() if v.type.code == gdb.TYPE_CODE_PTR else v


def has_hold(c):
    """Whether the CPU cache C has a hold count (make bench's pool without
    hold, patches/rfc/, has none: its lines have no holdN)."""
    return 'hold' in [f.name for f in c.type.strip_typedefs().fields()]


def set_reserve(n):
    """Set the pool's reserve to N, as atomic callers that found the pool
    empty raise it (make faults, make reclaim), or back to what it was
    (make reclaim); the guest is stopped meanwhile."""
    r = pool.value()['reserve_count'] if pool is not None else reserve.value()
    gdb.execute('set var *(int *)%d = %d' % (int(r.address), n))


def qmp_dump(path):
    """Dump the guest's memory to PATH over QMP (scripts/helpers/qmp-dump.py); the
    guest is stopped meanwhile."""
    import subprocess
    r = subprocess.run(['python3', os.environ['POOL_QMP_DUMP'],
                        os.environ['POOL_QMP'], path],
                       stderr=subprocess.PIPE, text=True)
    if r.returncode:
        fail(r.stderr.strip())


def dump_now(n, cols):
    """Whether sample number N (of columns COLS) is the one to dump at."""
    if DUMP_AT == 'wrapped':
        return any(name.startswith('hold') and v >= WRAPPED
                   for name, v in cols)
    return n == int(DUMP_AT)


def sample(out, start, n=0, request=''):
    """Attach, read the pool, detach; write the CSV line (after the header
    if START is None); under POOL_DUMP, dump first if this is the sample
    for it. REQUEST "reserve N" sets the reserve to N after the reading.
    Returns the time of the first sample, and whether it dumped."""
    t0 = time.monotonic()
    try:
        gdb.execute('target remote ' + TARGET, to_string=True)
    except gdb.error as e:
        fail('no guest at %s (%s); is QEMU running with -gdb tcp:%s?' %
             (TARGET, str(e).strip(), TARGET))
    try:
        if mempool is not None:
            cols = [('mempool',
                     int(mempool.value().dereference()['curr_nr']))]
        else:
            if start is None and RESERVE:
                set_reserve(RESERVE)
            # Every possible CPU: an offline one keeps its cache.
            possible = list(cpus.each_possible_cpu())
            caches = [this_cpu(c) for c in possible]
            glob, resv = pool_counts()
            cols = ([('global', glob), ('reserve', resv),
                     ('trace_events',
                      trace_events(list(cpus.each_online_cpu())))] +
                    [('hold%d' % c, int(v['hold']))
                     for c, v in zip(possible, caches) if has_hold(v)] +
                    [('count%d' % c, int(v['count']))
                     for c, v in zip(possible, caches)])
            if request.startswith('reserve '):
                set_reserve(int(request.split()[1]))
        dumped = DUMP and dump_now(n, cols)
        if dumped:
            qmp_dump(DUMP)
    finally:
        gdb.execute('detach', to_string=True)
    pause = time.monotonic() - t0
    if start is None:
        start = t0
        out.write(','.join(['t', 'pause_ms'] + [n for n, _ in cols]) + '\n')
    out.write('%.1f,%.0f,' % (t0 - start, pause * 1000) +
              ','.join(str(v) for _, v in cols) + '\n')
    out.flush()
    return start, dumped


out = os.fdopen(3, 'w')		# gdb prints where the guest stopped on fd 1
start = None
try:
    for n, request in enumerate(sys.stdin):
        start, dumped = sample(out, start, n, request.strip())
        if dumped:
            break
except Exception as e:
    fail('reading the pool failed: %s' % e)
