#!/bin/bash
# make repro: boot the pre-fix and the fixed kernel under QEMU, run an
# execve storm in each, and record the kmalloc-8k slab and the allocations
# aa_get_buffer() makes. Settings (environment): RUNS=3 DURATION=120 CPUS=4
# WORKERS=2 (per CPU) MEM=1G KVM=0. Results in $CACHE/repro/ and, with
# SAVE=1, in results/repro/CPUS-vcpus-DURATION-s/ of this repository.
set -eu
. "$(dirname "$0")/config.sh"

RUNS=${RUNS:-3} DURATION=${DURATION:-120} CPUS=${CPUS:-4}
WORKERS=${WORKERS:-2} MEM=${MEM:-1G}
ready $DEPS_X86 busybox-static cpio gnuplot-nox
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
execstorm $DURATION $((WORKERS * CPUS)) /bin/noop \$t/trace
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
		echo "t,active,total,execs,aa_kmallocs" >"$csv"
		sed -n 's/^sample,//p' "$log.txt" >>"$csv"
		grep -q '^done,' "$log.txt" || { say "run $run of $k ended early: $csv is marked incomplete"; sed -i '1i # incomplete' "$csv"; }
	done
done

# The table, complete runs only. Warm-up is the first quarter of a run: the
# pool may grow then to meet the load; after it, a sound pool stays put.
warm=$((DURATION / 4))
{
	echo "Each run: $CPUS vCPUs, $((WORKERS * CPUS)) fork+execve workers, $DURATION s, warm-up $warm s."
	echo
	echo "| kernel | run | execs/s | kmalloc-8k total: start, after warm-up, end | aa_get_buffer kmallocs: during warm-up, after it | after warm-up, per minute | per 10,000 execs |"
	echo "| --- | --- | --- | --- | --- | --- | --- |"
	for k in prefix fixed; do
		for run in $(seq "$RUNS"); do
			csv=$out/$k-$run.csv
			if head -1 "$csv" | grep -q incomplete; then
				echo "| $k | $run | incomplete, not counted | | | | |"; continue
			fi
			awk -F, -v k="$k" -v r="$run" -v w="$warm" '
				NR == 2 { s0 = $3 }
				NR > 1 && $1 == w { sw = $3; kw = $5; ew = $4 }
				NR > 1 { t = $1; s = $3; e = $4; km = $5 }
				END { g = km - kw
					printf "| %s | %d | %.0f | %d, %d, %d | %d, %d | %.2f | %.2f |\n",
					k, r, e / t, s0, sw, s, kw, g, g * 60 / (t - w), g * 10000 / (e - ew) }' "$csv"
		done
	done
} >"$out/runs.md"
# Median and range per kernel of the growth after warm-up.
for k in prefix fixed; do
	grep "^| $k | [0-9]* | [0-9]" "$out/runs.md" | awk -F'|' '{ split($6, a, ","); print a[2] + 0 }' | sort -n |
		awk -v k="$k" '{ v[NR] = $1 } END { if (NR) printf "%s: aa_get_buffer kmallocs after warm-up, median %s, range %s-%s over %d runs\n", k, v[int((NR + 1) / 2)], v[1], v[NR], NR }'
done >>"$out/runs.md"
cat "$out/runs.md"

gnuplot <<PLOT
set datafile separator ','
set key left top
set xlabel 'seconds of load'
set termoption noenhanced
set offsets 0, 0, 1, 0
files = system('ls $out/*.csv')
color(f) = strstrt(f, '/prefix-') ? 'red' : 'blue'
do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 900,500 } else { set terminal svg noenhanced size 900,500 }
	set output '$out/kmalloc-8k.'.fmt
	set ylabel 'kmalloc-8k objects (total)'
	set title 'kmalloc-8k under an execve storm, $CPUS vCPUs, AppArmor on'
	plot for [f in files] f every ::1 using 1:3 with steps lc rgb color(f) title system('basename '.f.' .csv')
	set output '$out/aa_get_buffer-kmallocs.'.fmt
	set ylabel 'kmalloc calls from aa_get_buffer() since the load began'
	set title 'AppArmor path buffer pool growth, $CPUS vCPUs'
	plot for [f in files] f every ::1 using 1:5 with steps lc rgb color(f) title system('basename '.f.' .csv')
}
PLOT
if [ "${SAVE:-0}" = 1 ]; then
	dest=$TOP/results/repro/$CPUS-vcpus-$DURATION-s
	rm -rf "$dest"; mkdir -p "$dest"
	cp "$out"/*.csv "$out/runs.md" "$out"/*.png "$out"/*.svg "$dest/"
fi
