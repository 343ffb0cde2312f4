#!/bin/bash
# make repro: boot the pre-fix and the fixed kernel under QEMU, run an
# execve storm in each, and record the kmalloc-8k slab and the allocations
# aa_get_buffer() makes; scripts/pool.sh reads the pool itself (every CPU's
# hold and count, the global list) every SAMPLE seconds and once after the
# load. Settings (environment): RUNS=3 DURATION=120 CPUS=4 WORKERS=2 (per
# CPU) MEM=1G SAMPLE=10 KVM=0. Results in $OUT/repro/ and, with SAVE=1, in
# results/repro/CPUS-vcpus-DURATION-s/ of this repository (LINE-CPUS-... for
# a LINE other than 7.3).
# The table and plots are made by repro-report.sh, which can be rerun on
# saved CSVs.
set -eu
. "$(dirname "$0")/config.sh"

RUNS=${RUNS:-3} DURATION=${DURATION:-120} CPUS=${CPUS:-4}
WORKERS=${WORKERS:-2} MEM=${MEM:-1G} SAMPLE=${SAMPLE:-10}
ready $DEPS_X86 busybox-static cpio gnuplot-nox gdb
out=$OUT/repro
rm -rf "$out"; mkdir -p "$out"

gcc -static -O2 -o "$out/execstorm" "$TOP/repro/execstorm.c"
gcc -static -O2 -s -o "$out/noop" "$TOP/repro/noop.c"
mkdir -p "$out/root/bin"
cp "$out/execstorm" "$out/noop" "$out/root/bin/"
cat >"$out/init" <<INIT
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t securityfs securityfs /sys/kernel/security
mount -t tracefs tracefs /sys/kernel/tracing
echo "guest: \$(grep -c ^processor /proc/cpuinfo) CPUs, LSMs \$(cat /sys/kernel/security/lsm)"
# count kmalloc calls whose call site is in aa_get_buffer()
set -- \$(grep -A1 ' aa_get_buffer\$' /proc/kallsyms | cut -d' ' -f1)
t=/sys/kernel/tracing
echo "call_site >= 0x\$1 && call_site < 0x\$2" >\$t/events/kmem/kmalloc/filter
echo 1 >\$t/events/kmem/kmalloc/enable
execstorm $DURATION $((WORKERS * CPUS)) /bin/noop \$t/trace
sleep 1
# the host reads the pool once more, then stops QEMU
echo "end of load"
while :; do sleep 3600; done
INIT
initrd=$("$TOP/scripts/initramfs.sh" "$out/initramfs" "$out/init" "$out/root")

declare -A kernel
kernel[prefix]=$("$TOP/scripts/guest.sh" prefix "$BUILD/repro-prefix" "$TOP/configs/repro.config")
kernel[fixed]=$("$TOP/scripts/guest.sh" series "$BUILD/repro-fixed" "$TOP/configs/repro.config")
git -C "$TREE" checkout -q series

# samples LOG PID: a line for pool.sh every SAMPLE seconds from the start of
# the load in the console LOG, and one after its end; stops when PID (QEMU)
# is gone.
samples() {
	until grep -q '^sample,0,' "$1"; do
		kill -0 "$2" 2>/dev/null || return 0; sleep 0.2
	done
	n=0
	until grep -q '^end of load' "$1"; do
		kill -0 "$2" 2>/dev/null || return 0
		[ $((n % SAMPLE)) = 0 ] && echo
		n=$((n + 1)); sleep 1
	done
	echo
}
port=$((20000 + $$ % 10000))

# Alternate the kernels, so that both see the same machine load.
for run in $(seq "$RUNS"); do
	for k in prefix fixed; do
		log=$out/$k-$run.log
		say "run $run of $RUNS, $k kernel: $CPUS vCPUs, $DURATION s; console $log"
		rm -f "$out/qemu.pid"
		no_kvm timeout $((DURATION + 300)) qemu-system-x86_64 -nographic \
			-no-reboot -m "$MEM" -smp "$CPUS" -kernel "${kernel[$k]}" \
			-initrd "$initrd" -append "console=ttyS0 lsm=apparmor panic=-1" \
			-pidfile "$out/qemu.pid" -gdb "tcp:127.0.0.1:$port" \
			</dev/null >"$log" 2>&1 &
		qemu=$!
		reader=0
		samples "$log" $qemu | "$TOP/scripts/pool.sh" \
			"${kernel[$k]%/arch/*}/vmlinux" "127.0.0.1:$port" \
			>"$out/$k-$run.pool.csv" || reader=$?
		alive=0; kill -0 $qemu 2>/dev/null && alive=1
		kill "$(cat "$out/qemu.pid")" 2>/dev/null || true
		wait $qemu || true
		[ $reader = 0 ] || [ $alive = 0 ] ||
			die "the pool reader failed on a running guest (above); console $log"
		tr -d '\r' <"$log" >"$log.txt"
		csv=$out/$k-$run.csv
		if ! grep -q "^guest: $CPUS CPUs, .*apparmor" "$log.txt"; then
			say "REFUSED run $run of $k: the guest did not report $CPUS CPUs with AppArmor ($log)"
			echo "# incomplete: guest did not come up as asked" >"$csv"
			continue
		fi
		echo "t,active,total,execs,aa_kmallocs" >"$csv"
		sed -n 's/^sample,//p' "$log.txt" >>"$csv"
		grep -q '^done,' "$log.txt" || { say "run $run of $k ended early: $csv is marked incomplete"; sed -i '1i # incomplete' "$csv"; }
		grep -q '^end of load' "$log.txt" || sed -i '1i # incomplete: no sample after the load' "$out/$k-$run.pool.csv"
	done
done

"$TOP/scripts/repro-report.sh" "$out" "$CPUS" "$DURATION" "$WORKERS"
if [ "${SAVE:-0}" = 1 ]; then
	dest=$TOP/results/repro/$CPUS-vcpus-$DURATION-s
	[ "$LINE" = 7.3 ] || dest=$TOP/results/repro/$LINE-$CPUS-vcpus-$DURATION-s
	rm -rf "$dest"; mkdir -p "$dest"
	cp "$out"/*.csv "$out/runs.md" "$out"/*.png "$out"/*.svg "$dest/"
fi
