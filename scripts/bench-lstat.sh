#!/bin/bash
# make bench-lstat, make bench's second half: confined lstat() under TCG.
# The designs of BENCH_DESIGNS, each a kernel of make preempt's recipe
# (storm_kernel: Debian's preemption options, kprobe events, no debug
# option that changes code), in make preempt's build dir. Each boot runs
# bench/init.sh: the lstat() load of one confined task per CPU for LSTAT
# s, then the same with the pool lock and kmalloc counted by kprobes
# (instrumented: the counted run is not the timed run). Rounds are
# interleaved: each round boots every design at each of VCPUS. Settings
# (environment): ROUNDS=5 VCPUS='1 2 4' LSTAT=5 MEM=1G. After the loads,
# scripts/helpers/pool.sh reads the pool through QEMU's gdbstub. Results in
# results/bench-lstat/ (report/bench-lstat.sh).
set -eu
. "$(dirname "$0")/config.sh"
. "$TOP/scripts/helpers/storm.sh"

ROUNDS=${ROUNDS:-5} VCPUS=${VCPUS:-1 2 4} LSTAT=${LSTAT:-5}
[ -n "$RFC_PATCHES" ] || die "make bench-lstat: LINE=$LINE has no RFC to measure"
ready $DEPS_STORM apparmor
out=$OUT/bench-lstat
rm -rf "$out"; mkdir -p "$out/root/bin"

# The designs' kernels, built in turn in make preempt's build dir of
# today's pool from its worktree: they differ only in security/apparmor,
# so each after the first is a short incremental build. Each is copied
# out, with what the pool reader needs beside its vmlinux.
declare -A kernel pool
for d in $BENCH_DESIGNS; do
	ref=$(bench_branch "bench-$d" "$d")
	img=$(WORKTREE=series storm_kernel "$ref" dynamic fixed)
	b=${img%/arch/*} k=$out/kernel-$d
	mkdir -p "$k/arch/x86/boot"
	cp "$img" "$k/arch/x86/boot/"
	cp "$b/vmlinux" "$k/"
	ln -s "$b/vmlinux-gdb.py" "$b/scripts" "$k/"
	kernel[$d]=$k/arch/x86/boot/bzImage
	# the pool reader reads a pool or a mempool; plain kmalloc() has none
	pool[$d]=$(nm "$k/vmlinux" | awk '$3 == "aa_local_buffers" ||
		$3 == "aa_buffer_reserve" { print "yes"; exit }')
done
git checkout -q series

# The guest: the lstat() load, its profile compiled here, bench/init.sh.
gcc -static -O2 -s -o "$out/root/bin/lstatload" "$TOP/bench/lstatload.c" ||
	die "cannot build bench/lstatload.c (above)"
apparmor_parser -Q -S "$TOP/bench/lstatload.profile" >"$out/root/lstatload.bin" ||
	die "apparmor_parser could not compile bench/lstatload.profile (above)"
initrd=$("$TOP/scripts/helpers/initramfs.sh" "$out/initramfs" "$TOP/bench/init.sh" "$out/root")

# boot_read PREFIX BZIMAGE INITRD: a boot of bench/init.sh; once it says
# "end of bench", one read of the pool if the design has one (pool-NAME.csv
# beside PREFIX=NAME's files), then QEMU stopped. Fails if the guest did
# not get that far.
# No reader runs during the loads: gdb would take a host core from them.
boot_read() {
	local port=$((20000 + $$ % 10000)) qemu rc=0
	rm -f "$1.pid"; : >"$1.log"
	CPUS=$cpus qemu_boot "$1" $((LSTAT * 2 + 600)) "$2" "$3" \
		"-- $LSTAT" -pidfile "$1.pid" -gdb "tcp:127.0.0.1:$port" &
	qemu=$!
	until grep -q '^end of bench' "$1.log"; do
		kill -0 $qemu 2>/dev/null || break; sleep 1
	done
	if kill -0 $qemu 2>/dev/null && [ -n "${pool[$d]}" ]; then
		echo | "$TOP/scripts/helpers/pool.sh" "${2%/arch/*}/vmlinux" \
			"127.0.0.1:$port" >"${1%/*}/pool-${1##*/}.csv" || rc=$?
	fi
	kill "$(cat "$1.pid" 2>/dev/null)" 2>/dev/null || true
	wait $qemu || true
	grep -q '^end of bench' "$1.log.txt" || return 1
	[ $rc = 0 ] || die "$d at $cpus vCPUs, round $round: the pool reader" \
		"failed (above); console $1.log"
}

for round in $(seq "$ROUNDS"); do
	for cpus in $VCPUS; do
		for d in $BENCH_DESIGNS; do
			p=$out/$d-$cpus-$round
			say "round $round of $ROUNDS, $d, $cpus vCPUs; console $p.log"
			# A kernel that panicked before user space (an early-boot
			# crash of TCG's, in no code of AppArmor's) boots again,
			# once; retried.txt says so.
			boot_read "$p" "${kernel[$d]}" "$initrd" || {
				grep -q 'Kernel panic' "$p.log.txt" &&
					! grep -q '^guest: ' "$p.log.txt" ||
					die "$d at $cpus vCPUs, round $round: the guest" \
						"did not finish; console $p.log"
				mv "$p.log" "$p.panic.log"
				echo "$d-$cpus-$round: panicked before user space" \
					"($(grep -m1 -o 'RIP: [^ ]*' "$p.log.txt")), booted" \
					"again" >>"$out/retried.txt"
				say "$d at $cpus vCPUs, round $round: the kernel" \
					"panicked before user space ($p.panic.log);" \
					"booting it again"
				boot_read "$p" "${kernel[$d]}" "$initrd" ||
					die "$d at $cpus vCPUs, round $round: the guest" \
						"did not finish, twice; console $p.log"
			}
			[ -z "$(splats "$p.log.txt")" ] ||
				die "$d at $cpus vCPUs: a splat (console $p.log)"
			grep -E '^(timed|counted|count|slab),' "$p.log.txt" >"$p.csv"
			# every lstat() load ran confined, none refused
			bad=$(awk -F, -v n="$cpus" '$1 == "count" || $1 == "slab" { next }
				$2 == "lstat" { l[$1]++
					if ($3 != "lstatload (enforce)" || $6 != 0) print }
				END { if (l["timed"] != n || l["counted"] != n)
					print "not one lstat() load per CPU" }' "$p.csv")
			[ -z "$bad" ] || die "$d at $cpus vCPUs, round $round: an" \
				"unconfined or refused load (console $p.log):" "$bad"
		done
	done
done
"$TOP/scripts/report/bench-lstat.sh" "$out" >"$out/lstat.md"
cat "$out/lstat.md"
save bench-lstat "$out"/*.csv "$out/lstat.md" "$out/lstat.png" \
	$(ls "$out/retried.txt" 2>/dev/null)
