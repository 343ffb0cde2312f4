# shellcheck shell=bash
# The execve storm guests of make repro, preempt, faults and reclaim.
# Sourced after config.sh, never run. Settings (environment), with the
# defaults of every storm verb unless the verb sets its own before it
# sources this file: RUNS=3 DURATION=120 (s) WORKERS=2 (per CPU) SAMPLE=10
# (s between pool samples), and config.sh's CPUS and MEM.
RUNS=${RUNS:-3} DURATION=${DURATION:-120} WORKERS=${WORKERS:-2}
SAMPLE=${SAMPLE:-10}
# The packages that a storm verb needs, for ready().
DEPS_STORM="$DEPS_X86 busybox-static cpio gnuplot-nox gdb xz-utils apparmor"

# storm_kernel REF FLAVOUR [NAME]: make preempt's kernel of branch REF
# (prefix, series or rfc): Debian's preemption options of LINE (FLAVOUR
# dynamic, or rt for PREEMPT_RT as Debian's rt flavour, without those
# options that linux-source-LINE lacks: config.sh's RT_DROP), with the
# storm's kprobe events; built in BUILD/preempt-NAME-FLAVOUR, NAME being
# prefix, fixed (for series) or rfc unless given. Prints the path of its
# bzImage.
storm_kernel() {
	local config=$OUT/preempt/debian-$2.config name=${3:-$1}
	mkdir -p "$OUT/preempt"
	if [ "$2" = rt ]; then
		{ "$TOP/scripts/helpers/debconfig.sh" rt | if [ -n "$RT_DROP" ]; then
			grep -v -E "$RT_DROP"; else cat; fi
		  echo CONFIG_EXPERT=y; } >"$config"
	else
		"$TOP/scripts/helpers/debconfig.sh" none >"$config"
	fi
	[ "$name" != series ] || name=fixed
	"$TOP/scripts/helpers/guest.sh" "$1" "$BUILD/preempt-$name-$2" \
		"$TOP/configs/repro.config" "$TOP/configs/kprobes.config" "$config"
}

# storm_load DIR: the load (repro/*.c), built static into DIR.
storm_load() {
	mkdir -p "$1"
	for p in execstorm noop hog linkstorm; do
		gcc -static -O2 -s -o "$1/$p" "$TOP/repro/$p.c" ||
			die "cannot build repro/$p.c (above)"
	done
}

# storm_initrd DIR: an initramfs in DIR with the load, repro/trace.awk, and
# repro/init.sh as /init; prints its path. The link and mount loads
# (repro/init.sh's scenarios link and mount) run linkstorm as
# /usr/local/bin/linkstorm, under distro/aa-storm's aa-link profile,
# compiled here: the guest has no apparmor_parser.
storm_initrd() {
	storm_load "$1/root/bin"
	mkdir -p "$1/root/usr/local/bin"
	cp "$1/root/bin/linkstorm" "$1/root/usr/local/bin/"
	apparmor_parser -Q -S "$TOP/distro/aa-storm" >"$1/root/aa-storm.bin" ||
		die "apparmor_parser could not compile distro/aa-storm (above)"
	cp "$TOP/repro/trace.awk" "$1/root/"
	"$TOP/scripts/helpers/initramfs.sh" "$1/initramfs" "$TOP/repro/init.sh" "$1/root"
}

# samples LOG PID: a line for pool.sh every SAMPLE seconds from the start of
# the load in the console LOG, and one after its end; stops when PID (QEMU)
# is gone. When the guest prints "host,reserve,N" (make reclaim), the next
# line asks pool.sh to set the reserve to N after its reading.
samples() {
	until grep -q '^sample,0,' "$1"; do
		kill -0 "$2" 2>/dev/null || return 0; sleep 0.2
	done
	n=0 asked=0
	until grep -q '^end of load' "$1"; do
		kill -0 "$2" 2>/dev/null || return 0
		r=$(sed -n 's/^host,reserve,\([0-9]*\).*/\1/p' "$1")
		if [ -n "$r" ] && [ $asked = 0 ]; then
			echo "reserve $r"; asked=1
		elif [ $((n % SAMPLE)) = 0 ]; then
			echo
		fi
		n=$((n + 1)); sleep 1
	done
	echo
}

# storm_run BZIMAGE INITRD PREFIX SCENARIO: boot BZIMAGE under QEMU with
# the storm (repro/init.sh), read the pool through the gdbstub meanwhile.
# Writes PREFIX.log (console; .log.txt without CRs), PREFIX.csv (the
# guest's samples) and PREFIX.pool.csv (the pool reader's); a CSV whose
# first line says "# incomplete" is not a whole run. Returns 1 if the guest
# did not come up with CPUS CPUs and AppArmor. QMP listens on PREFIX.qmp
# and the guest's VMCOREINFO reaches QEMU, for make dumps (pool.sh's
# POOL_DUMP).
storm_run() {
	kernel=$1 initrd=$2 prefix=$3 scenario=$4
	log=$prefix.log
	port=$((20000 + $$ % 10000))
	rm -f "$prefix.pid"; : >"$log"	# before samples() looks at it
	# A guest of make preempt reads its trace after the load: minutes
	# after a 600 s storm, in proportion to the load. The link and mount
	# loads make several times the storm's calls a second: a 60 s run's
	# trace took longer than the storm's timeout to read.
	local limit=$((DURATION * 3 / 2 + 300))
	case $scenario in link|mount) limit=$((DURATION * 12 + 300)) ;; esac
	qemu_boot "$prefix" $limit "$kernel" "$initrd" \
		"${APPEND:-}-- $DURATION $((WORKERS * CPUS)) $scenario" \
		-pidfile "$prefix.pid" -gdb "tcp:127.0.0.1:$port" \
		-qmp "unix:$prefix.qmp,server=on,wait=off" -device vmcoreinfo &
	qemu=$!
	reader=0
	samples "$log" $qemu | POOL_QMP=$prefix.qmp "$TOP/scripts/helpers/pool.sh" \
		"${kernel%/arch/*}/vmlinux" "127.0.0.1:$port" \
		>"$prefix.pool.csv" || reader=$?
	alive=0; kill -0 $qemu 2>/dev/null && alive=1
	kill "$(cat "$prefix.pid")" 2>/dev/null || true
	wait $qemu || true
	[ $reader = 0 ] || [ $alive = 0 ] ||
		die "the pool reader failed on a running guest (above); console $log"
	csv=$prefix.csv
	if ! grep -q "^guest: $CPUS CPUs, .*apparmor" "$log.txt"; then
		say "REFUSED: the guest did not report $CPUS CPUs with AppArmor ($log)"
		echo "# incomplete: guest did not come up as asked" >"$csv"
		return 1
	fi
	echo "t,active,total,execs,aa_kmallocs" >"$csv"
	sed -n 's/^sample,//p' "$log.txt" >>"$csv"
	# Under POOL_DUMP (make dumps) the run ends at the dump, before the load.
	[ -z "${POOL_DUMP:-}" ] || return 0
	grep -q '^done,' "$log.txt" || { say "the load ended early: $csv is" \
		"marked incomplete (console $log)"; sed -i '1i # incomplete' "$csv"; }
	grep -q '^end of load' "$log.txt" ||
		sed -i '1i # incomplete: no sample after the load' "$prefix.pool.csv"
}
