# SPDX-License-Identifier: GPL-2.0
# awk -v start=UPTIME -f trace.awk TRACE: reads the text of the trace of
# make preempt's guests (repro/init.sh): an "aaget" or "aaput" event for
# every aa_get_buffer() and aa_put_buffer() call, with the task, its CPU, a
# CPU_BOOTTIME time stamp and every CPU's hold as h0=... Prints
#   trace,GETS,PUTS,PAIRS,CROSS,SHARED,UNMATCHED,KEPT
#     PAIRS   puts matched to the same task's last unmatched get
#     CROSS   pairs whose put ran on another CPU than their get
#     KEPT    of those, puts on a CPU whose hold was above 0 (and not
#             wrapped): the put keeps the buffer on that CPU's list, the
#             step by which the search grows the fixed pool
#     SHARED  pairs during which another task got or put a buffer on the
#             CPU of the get: how a CPU's hold and list are interleaved
#     UNMATCHED  puts of a task with no open get (its get was not traced)
#   wrap,CPU,WRAPS,HEALS,FIRST   for every CPU: how often its hold went
#             from below 2^31 to 2^31 or more (a wrap; hold only steps by
#             one) and back (healed), and the first wrap, seconds after START
# Between two events a wrap that heals again is not seen.
function onevent(ev, pid, cpu, ts,    i, c, v, w, d, gc) {
	for (i = 1; i <= NF; i++) {
		if ($i !~ /^h[0-9]+=/)
			continue
		c = substr($i, 2, index($i, "=") - 2) + 0
		v = substr($i, index($i, "=") + 1) + 0
		w = v >= 2147483648
		held[c] = v > 0 && !w
		ncpu = c + 1 > ncpu ? c + 1 : ncpu
		if (w && !was[c]) {
			wraps[c]++
			if (!(c in first))
				first[c] = ts - start
		}
		if (!w && was[c])
			heals[c]++
		was[c] = w
	}
	cnt[cpu]++
	own[pid, cpu]++
	if (ev == "aaget:") {
		gets++
		d = ++depth[pid]
		gcpu[pid, d] = cpu
		gcnt[pid, d] = cnt[cpu]
		gown[pid, d] = own[pid, cpu]
		return
	}
	puts++
	d = depth[pid]
	if (!d) {
		unmatched++
		return
	}
	pairs++
	gc = gcpu[pid, d]
	if (gc != cpu) {
		cross++
		kept += held[cpu]
	}
	if (cnt[gc] - gcnt[pid, d] > own[pid, gc] - gown[pid, d])
		shared++
	if (--depth[pid] == 0) {
		delete depth[pid]
		for (c = 0; c < ncpu; c++)
			delete own[pid, c]
	}
}
match($0, /-[0-9]+ +\[[0-9]+\]/) {
	split(substr($0, RSTART + 1, RLENGTH - 1), a, /[][ ]+/)
	for (i = 1; i < NF; i++)
		if ($(i + 1) == "aaget:" || $(i + 1) == "aaput:") {
			ts = $i
			sub(/:$/, "", ts)
			onevent($(i + 1), a[1], a[2] + 0, ts)
			break
		}
}
END {
	printf "trace,%d,%d,%d,%d,%d,%d,%d\n", gets, puts, pairs, cross,
		shared, unmatched, kept
	for (c = 0; c < ncpu; c++)
		printf "wrap,%d,%d,%d,%s\n", c, wraps[c], heals[c],
			(c in first) ? sprintf("%.1f", first[c]) : "-"
}
