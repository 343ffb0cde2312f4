#!/bin/bash
# make bench-uml: make bench's get/put pairs on SMP User Mode Linux, where
# kernel code runs natively on the host's cores: each UML CPU a host
# thread, real atomics and cache-line transfers. The designs of make
# bench (BENCH_DESIGNS), each with bench/pairs.patch and bench/uml.patch
# (the pool lock's acquisitions and failed trylocks counted per CPU in the
# timed run; a run at boot, as UML here has no userspace), built from
# UML's defconfig and configs/bench-uml.config (Debian's allocator and
# hardening options). Each boot runs the modes one, two and atomic for MS
# ms each. Rounds are interleaved: each round boots every design at each
# of NCPUS (4 on 2 host cores is oversubscribed) with init_on_alloc=1 and
# =0; the host's 1-minute load is recorded before each boot.
# Settings (environment): ROUNDS=5 NCPUS='1 2 4' MS=1000.
# Results in results/bench-uml/: pairs.csv, a line per boot and mode, and
# bench-uml-report.sh's table (pairs-table.csv, pairs.md).
set -eu
. "$(dirname "$0")/config.sh"

ROUNDS=${ROUNDS:-5} NCPUS=${NCPUS:-1 2 4} MS=${MS:-1000}
[ -n "$RFC_PATCHES" ] || die "make bench-uml: LINE=$LINE has no RFC to measure"
ready
grep -q '^config SMP$' arch/um/Kconfig ||
	die "make bench-uml: this tree's UML has no SMP (LINE=$LINE)"
out=$OUT/bench-uml build=$BUILD/bench-um
rm -rf "$out"; mkdir -p "$out" "$build"

# One build directory, each design's branch built in turn (only AppArmor
# differs), its kernel kept.
[ -f "$build/.config" ] || make -s ARCH=um O="$build" defconfig
scripts/kconfig/merge_config.sh -m -O "$build" "$build/.config" \
	"$TOP/configs/bench-uml.config" >/dev/null
for d in $BENCH_DESIGNS; do
	proto=$TOP/bench/$d.patch
	[ -f "$proto" ] || proto=
	am "bench-uml-$d" "$(bench_base $d)" $proto "$TOP/bench/pairs.patch" \
		"$TOP/bench/uml.patch"
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
"$TOP/scripts/bench-uml-report.sh" "$out/pairs.csv" "$out" >"$out/pairs.md"
cat "$out/pairs.md"
save bench-uml "$out/pairs.csv" "$out/pairs-table.csv" "$out/pairs.md"
