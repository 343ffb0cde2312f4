#!/bin/bash
# make bench-pairs, make bench's first half: get/put pairs on SMP User
# Mode Linux, where kernel code runs natively on the host's cores: each
# UML CPU a host thread, real atomics and cache-line transfers. The
# designs of BENCH_DESIGNS, each with bench/pairs.patch and bench/uml.patch
# (the pool lock's acquisitions and failed trylocks counted per CPU in the
# timed run; a run at boot, as UML here has no userspace), built from
# UML's defconfig and configs/bench-uml.config (Debian's allocator and
# hardening options). Each boot runs the modes one, two and atomic for MS
# ms each. Rounds are interleaved: each round boots every design at each
# of NCPUS (4 on 2 host cores is oversubscribed) with init_on_alloc=1 and
# =0; the host's 1-minute load is recorded before each boot.
# Settings (environment): ROUNDS=5 NCPUS='1 2 4' MS=1000.
# Then each design's host rt_sigprocmask() calls per pair (below).
# Results in results/bench-pairs/: pairs.csv, a line per boot and mode,
# sigprocmask.csv, and report/bench-pairs.sh's tables (*-table.csv,
# pairs.md).
set -eu
. "$(dirname "$0")/config.sh"

ROUNDS=${ROUNDS:-5} NCPUS=${NCPUS:-1 2 4} MS=${MS:-1000}
[ -n "$RFC_PATCHES" ] || die "make bench-pairs: LINE=$LINE has no RFC to measure"
ready strace
grep -q '^config SMP$' arch/um/Kconfig ||
	die "make bench-pairs: this tree's UML has no SMP (LINE=$LINE)"
out=$OUT/bench-pairs build=$BUILD/bench-um
rm -rf "$out"; mkdir -p "$out" "$build"

# One build directory, each design's branch built in turn (only AppArmor
# differs), its kernel kept.
[ -f "$build/.config" ] || make -s ARCH=um O="$build" defconfig
scripts/kconfig/merge_config.sh -m -O "$build" "$build/.config" \
	"$TOP/configs/bench-uml.config" >/dev/null
for d in $BENCH_DESIGNS; do
	bench_branch "bench-uml-$d" "$d" "$TOP/bench/pairs.patch" \
		"$TOP/bench/uml.patch" >/dev/null
	make -s ARCH=um O="$build" olddefconfig
	while read -r opt; do
		grep -qx "$opt" "$build/.config" ||
			die "configs/bench-uml.config: $opt did not stick (olddefconfig)"
	done < <(grep '^CONFIG_' "$TOP/configs/bench-uml.config")
	make -s ARCH=um O="$build" -j"$(nproc)" CC="ccache gcc" linux >"$out/build-$d.log" 2>&1 ||
		die "the UML kernel of $d did not build; see $out/build-$d.log"
	cp "$build/linux" "$out/linux-$d"
done
git checkout -q series

echo "round,cpus,design,init_on_alloc,load,mode,pairs,ns,failed,locks,failed_trylocks" >"$out/pairs.csv"
for round in $(seq "$ROUNDS"); do
	for cpus in $NCPUS; do
		for d in $BENCH_DESIGNS; do
			for ioa in 1 0; do
				p=$out/$d-$cpus-$ioa-$round.log
				load=$(cut -d' ' -f1 /proc/loadavg)
				say "round $round of $ROUNDS, $d, $cpus CPUs, init_on_alloc=$ioa"
				timeout $((MS * 3 / 1000 + 60)) "$out/linux-$d" ncpus="$cpus" \
					seccomp=on mem=512M aa_buffer_bench="$MS" \
					init_on_alloc="$ioa" >"$p" 2>&1 </dev/null || true
				grep -q '^end of bench' "$p" && [ -z "$(splats "$p")" ] ||
					die "$d at $cpus CPUs, round $round: no end of bench, or a splat; console $p"
				grep -Eq "^smp: Brought up 1 node, $cpus CPUs?\$" "$p" ||
					die "$p: the kernel did not bring up $cpus CPUs (CONFIG_NR_CPUS in configs/bench-uml.config?)"
				on=off; [ "$ioa" = 0 ] || on=on
				grep -q "heap alloc:$on" "$p" ||
					die "$p: the kernel did not take init_on_alloc=$ioa"
				# the "all" line of each mode and its lock counts
				awk -F, -v pre="$round,$cpus,$d,$ioa,$load" '
					$1 == "bench" && $3 == "all" { b[$2] = $4 "," $5 "," $6 }
					$1 == "locks" { print pre "," $2 "," b[$2] "," $3 "," $4 }' \
					"$p" >>"$out/pairs.csv"
			done
		done
	done
done

# On SMP UML an IRQ disable is a host rt_sigprocmask() system call
# (os_local_ipi_disable()), which x86 does not make: a design
# whose fast path disabled IRQs would be slowed here alone. Each design's
# calls on 2 CPUs under strace, in a short and a long run, whose
# difference is the pairs' (the boot's own calls cancel).
echo "design,ms,pairs,sigprocmask" >"$out/sigprocmask.csv"
for d in $BENCH_DESIGNS; do
	for ms in 200 1000; do
		p=$out/strace-$d-$ms.log
		say "rt_sigprocmask() calls of $d, $ms ms per mode, under strace"
		timeout 300 strace -f -c -e trace=rt_sigprocmask -o "$p.strace" \
			"$out/linux-$d" ncpus=2 seccomp=on mem=512M \
			aa_buffer_bench="$ms" >"$p" 2>&1 </dev/null || true
		grep -q '^end of bench' "$p" ||
			die "$d under strace: no end of bench; console $p"
		awk -F, -v pre="$d,$ms" '$1 == "bench" && $3 == "all" { n += $4 }
			END { printf "%s,%d,", pre, n }' "$p" >>"$out/sigprocmask.csv"
		awk '$NF == "rt_sigprocmask" { print $4 }' "$p.strace" >>"$out/sigprocmask.csv"
	done
done
"$TOP/scripts/report/bench-pairs.sh" "$out" "$out" >"$out/pairs.md"
cat "$out/pairs.md"
save bench-pairs "$out"/pairs.csv "$out"/sigprocmask.csv "$out"/*-table.csv \
	"$out/pairs.md"
