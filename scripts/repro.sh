#!/bin/bash
# make repro: boot the pre-fix and the fixed kernel under QEMU, run an
# execve storm in each, and record the kmalloc-8k slab and the allocations
# aa_get_buffer() makes. Settings (environment): RUNS=3 DURATION=120 CPUS=4
# WORKERS=2 (per CPU) MEM=1G KVM=0. Results in $CACHE/repro/ and, with
# SAVE=1, in results/repro/ of this repository.
set -eu
. "$(dirname "$0")/config.sh"

RUNS=${RUNS:-3} DURATION=${DURATION:-120} CPUS=${CPUS:-4}
WORKERS=${WORKERS:-2} MEM=${MEM:-1G}
"$TOP/scripts/deps.sh" $DEPS_BUILD $DEPS_X86 busybox-static cpio gnuplot-nox
"$TOP/scripts/tree.sh"
"$TOP/scripts/apply.sh"
out=$CACHE/repro
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
execstorm $DURATION $((WORKERS * CPUS)) /bin/noop
echo 0 >\$t/events/kmem/kmalloc/enable
echo "aa_get_buffer kmallocs: \$(grep -c kmalloc: \$t/trace)"
reboot -f
INIT
initrd=$("$TOP/scripts/initramfs.sh" "$out/initramfs" "$out/init" "$out/root")

declare -A kernel
kernel[prefix]=$("$TOP/scripts/guest.sh" prefix "$CACHE/build/repro-prefix" "$TOP/configs/repro.config")
kernel[fixed]=$("$TOP/scripts/guest.sh" series "$CACHE/build/repro-fixed" "$TOP/configs/repro.config")
git -C "$TREE" checkout -q series

# Alternate the kernels, so that both see the same machine load.
for run in $(seq "$RUNS"); do
	for k in prefix fixed; do
		log=$out/$k-$run.log
		say "run $run of $RUNS, $k kernel: $CPUS vCPUs, $DURATION s; console $log"
		no_kvm timeout $((DURATION + 300)) qemu-system-x86_64 -nographic \
			-no-reboot -m "$MEM" -smp "$CPUS" -kernel "${kernel[$k]}" \
			-initrd "$initrd" -append "console=ttyS0 lsm=apparmor panic=-1" \
			</dev/null >"$log" 2>&1 || say "QEMU exited with an error or timed out; see $log"
		tr -d '\r' <"$log" >"$log.txt"
		csv=$out/$k-$run.csv
		if ! grep -q "^guest: $CPUS CPUs, .*apparmor" "$log.txt"; then
			say "REFUSED run $run of $k: the guest did not report $CPUS CPUs with AppArmor ($log)"
			echo "# incomplete: guest did not come up as asked" >"$csv"
			continue
		fi
		echo "t,active,total,execs" >"$csv"
		sed -n 's/^sample,//p' "$log.txt" >>"$csv"
		grep -q '^done,' "$log.txt" || { say "run $run of $k ended early: $csv is marked incomplete"; sed -i '1i # incomplete' "$csv"; }
		sed -n 's/^aa_get_buffer kmallocs: //p' "$log.txt" >"$out/$k-$run.kmallocs"
	done
done

# The table: per run, then median and range per kernel, complete runs only.
{
	echo "| kernel | run | kmalloc-8k active start -> end | total start -> end | growth/min (total) | execs/s | aa_get_buffer kmallocs | per 10,000 execs |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
	for k in prefix fixed; do
		for run in $(seq "$RUNS"); do
			csv=$out/$k-$run.csv
			if head -1 "$csv" | grep -q incomplete; then
				echo "| $k | $run | incomplete, not counted | | | | | |"; continue
			fi
			awk -F, -v k="$k" -v r="$run" -v km="$(cat "$out/$k-$run.kmallocs")" '
				NR == 2 { a0 = $2; t0 = $3 }
				NR > 1 { t = $1; a = $2; tot = $3; e = $4 }
				END { printf "| %s | %d | %d -> %d | %d -> %d | %.1f | %.0f | %d | %.2f |\n",
					k, r, a0, a, t0, tot, (tot - t0) * 60 / t, e / t, km, km * 10000 / e }' "$csv"
		done
	done
} >"$out/runs.md"
cat "$out/runs.md"

gnuplot <<PLOT
set datafile separator ','
set key left top
set xlabel 'seconds of load'
set ylabel 'kmalloc-8k objects (total)'
set title 'kmalloc-8k under an execve storm, $CPUS vCPUs, AppArmor on'
files = system('ls $out/*.csv')
set terminal pngcairo size 900,500
set output '$out/kmalloc-8k.png'
plot for [f in files] f every ::1 using 1:3 with steps title system('basename '.f.' .csv')
set terminal svg size 900,500
set output '$out/kmalloc-8k.svg'
replot
PLOT
if [ "${SAVE:-0}" = 1 ]; then
	mkdir -p "$TOP/results/repro"
	cp "$out"/*.csv "$out/runs.md" "$out"/kmalloc-8k.* "$TOP/results/repro/"
fi
