#!/bin/bash
# make distro: Debian's own kernel binaries (config.sh's DISTROS), booted as
# their users run them, the execve storm on each. Each kernel's packages
# are downloaded from Debian by exact version and checked against their
# SHA-256, then installed with dpkg in a debootstrap of the Debian release
# that shipped it (minbase, python3-drgn of that release), so that it boots
# with Debian's own initrd and modules. Each boot, under QEMU's TCG with one
# host thread for all vCPUs (-accel tcg,thread=single: Debian's 6.12 can
# oops at boot on text patching under multi-threaded TCG), runs
# distro/init.sh: tools/aa-buffers as root on the running kernel, with no
# -dbg package (BTF and kallsyms), before, during (--watch) and after the
# storm; then the host dumps the guest's memory over QMP and reads the dump
# with the same tool (drgn of trixie, in that release's root, and the -dbg
# vmlinux where drgn cannot decode the dump's kallsyms). Each run must come
# up with AppArmor, finish the storm, and the host's reading of the dump
# must equal the guest's last reading column by column. Whether a hold
# wrapped is what is measured, not a verdict. Settings (environment):
# RUNS=2 DURATION=60 (s) WORKERS=2 (per CPU) CPUS=2 MEM=1G, DISTROS, and
# LOAD: "execve", the storm alone (results/distro/); "link", as many
# confined tasks that link() and unlink() beside it, each link() holding
# two path buffers at once in aa_path_link() (results/distro-link/); or
# "mount", confined root tasks that bind-mount and unmount, two buffers
# at once in the mount mediation (results/distro-mount/).
set -eu
shopt -s inherit_errexit	# in $(root ...) too
: "${CPUS:=2}"
. "$(dirname "$0")/config.sh"
RUNS=${RUNS:-2} DURATION=${DURATION:-60} WORKERS=${WORKERS:-2}
LOAD=${LOAD:-execve}
case $LOAD in
execve)	name=distro arg= ;;
link|mount) name=distro-$LOAD arg=,$LOAD ;;
*)	die "LOAD=$LOAD: make distro runs LOAD=execve (the storm alone), link or mount (beside it)" ;;
esac
. "$TOP/scripts/helpers/storm.sh"

lock
"$TOP/scripts/helpers/deps.sh" $DEPS_BUILD $DEPS_X86 debootstrap qemu-utils e2fsprogs
out=$OUT/distro
runs=$out/runs${arg:+-$LOAD}
mkdir -p "$out"

# kernel_version DEB_ROW: the kernel release a package row installs.
kernel_version() { local p=${1%%=*}; echo "${p#linux-*-}"; }
# fetch ROW...: the cached .deb of each PACKAGE=VERSION=SHA256 row.
fetch() {
	local row
	for row; do
		IFS='=' read -r p v s <<<"$row"
		fetch_deb "$p" "$v" "$s" amd64
	done
}

# root RELEASE KERNEL...: the debootstrap of RELEASE in OUT/distro, with
# the packages of each KERNEL installed; printed. Made once; a kernel not
# in it yet is installed into it.
root() {
	local rel=$1 dir=$out/root-$1 k debs v; shift
	local incl=kmod,initramfs-tools,linux-base,procps,zstd,python3-drgn,apparmor
	# DIR.done: the packages it was made with, then each kernel installed.
	if [ "$(head -n 1 "$dir.done" 2>/dev/null)" != "$incl" ]; then
		rm -rf "$dir" "$dir.done"
		say "debootstrap of Debian $rel (minbase, $incl) in $dir"
		debootstrap --variant=minbase --include="$incl" \
			"$rel" "$dir" http://deb.debian.org/debian \
			>"$out/debootstrap-$rel.log" 2>&1 ||
			die "debootstrap of $rel failed; see $out/debootstrap-$rel.log"
		echo "$incl" >"$dir.done"
	fi
	for k; do
		grep -qx "$k" "$dir.done" && continue
		distro_facts "$k"
		# shellcheck disable=SC2086
		debs=$(fetch $DISTRO_DEBS)
		rm -rf "$dir/tmp/debs"; mkdir -p "$dir/tmp/debs"
		# shellcheck disable=SC2086
		cp $debs "$dir/tmp/debs/"
		v=$(kernel_version "${DISTRO_DEBS##*[[:space:]]}")
		say "installing Debian's $v in the $rel root"
		# shellcheck disable=SC2046
		chroot "$dir" dpkg -i $(for f in $debs; do
			echo "/tmp/debs/${f##*/}"; done) >"$out/dpkg-$k.log" 2>&1 ||
			die "dpkg -i of $k's packages failed; see $out/dpkg-$k.log"
		[ -f "$dir/boot/initrd.img-$v" ] ||
			chroot "$dir" update-initramfs -c -k "$v" >>"$out/dpkg-$k.log" 2>&1 ||
			die "update-initramfs for $v failed; see $out/dpkg-$k.log"
		rm -rf "$dir/tmp/debs"
		echo "$k" >>"$dir.done"
	done
	echo "$dir"
}

# image DIR: an ext4 image of DIR with the load, the tool and the init, made
# anew for each verb run (the tool may have changed); printed.
image() {
	local dir=$1
	storm_load "$dir/usr/local/bin"
	mkdir -p "$dir/usr/local/sbin"
	install -m 755 "$TOP/tools/aa-buffers" "$dir/usr/local/sbin/aa-buffers"
	install -m 755 "$TOP/distro/init.sh" "$dir/usr/local/sbin/aa-distro-init"
	install -m 644 "$TOP/distro/aa-storm" "$dir/etc/apparmor.d/aa-storm"
	# host_read's bind mount, if a run was cut short there: the image
	# must not take OUT/distro in.
	! mountpoint -q "$dir/mnt" || umount "$dir/mnt"
	rm -f "$dir.img"
	mkfs.ext4 -q -L root -d "$dir" "$dir.img" 4G ||
		die "mkfs.ext4 -d $dir failed (above)"
	echo "$dir.img"
}

# vmlinuz ROOT VERSION: the kernel image a package of VERSION installed.
vmlinuz() {
	for f in "$1/boot/vmlinuz-$2" "$1/usr/lib/modules/$2/vmlinuz"; do
		[ ! -f "$f" ] || { echo "$f"; return; }
	done
	die "no vmlinuz of $2 in $1: did its package install?"
}

# boot PREFIX ROOT IMAGE VERSION MODEL: one run; the console in PREFIX.log,
# the dump in PREFIX.vmcore once the guest asks for it.
boot() {
	local prefix=$1 root=$2 img=$3 v=$4 model=$5 append qemu
	append="root=/dev/vda rw init=/usr/local/sbin/aa-distro-init"
	append="$append aastorm=$DURATION,$((WORKERS * CPUS))$arg"
	[ "$model" = default ] || append="$append preempt=$model"
	rm -f "$prefix.vmcore" "$prefix.qcow2" "$prefix.pid"
	qemu-img create -q -f qcow2 -F raw -b "$img" "$prefix.qcow2"
	qemu_boot "$prefix" $((DURATION * 3 + 600)) "$(vmlinuz "$root" "$v")" \
		"$root/boot/initrd.img-$v" "$append" -accel tcg,thread=single \
		-drive "file=$prefix.qcow2,if=virtio,format=qcow2" \
		-qmp "unix:$prefix.qmp,server=on,wait=off" -device vmcoreinfo \
		-pidfile "$prefix.pid" &
	qemu=$!
	until grep -q '^guest: dump now' "$prefix.log" 2>/dev/null; do
		kill -0 $qemu 2>/dev/null || break
		sleep 1
	done
	if kill -0 $qemu 2>/dev/null; then
		python3 "$TOP/scripts/helpers/qmp-dump.py" "$prefix.qmp" "$prefix.vmcore" ||
			say "the dump of $prefix failed (above)"
		kill "$(cat "$prefix.pid")" 2>/dev/null || true
	fi
	wait $qemu || true
	rm -f "$prefix.qcow2"
}

# host_read VMCORE PREFIX [DBG]: tools/aa-buffers --csv on VMCORE (under
# OUT/distro), in trixie's root (drgn 0.0.31) with OUT/distro at /mnt, with
# the -dbg vmlinux DBG if given: its CSV in PREFIX.csv, its messages in
# PREFIX.err, its exit status in PREFIX.exit.
host_read() {
	local root=$out/root-trixie rc=0
	set -- "$2" --core "/mnt/${1#"$out"/}" ${3:+--vmlinux "/mnt/${3#"$out"/}"}
	mount --bind "$out" "$root/mnt"
	chroot "$root" /usr/local/sbin/aa-buffers --csv "${@:2}" \
		>"$1.csv" 2>"$1.err" || rc=$?
	umount "$root/mnt"
	echo $rc >"$1.exit"
}

# dbg_vmlinux KERNEL VERSION: the vmlinux of KERNEL's -dbg package, under
# OUT/distro, extracted once; printed.
dbg_vmlinux() {
	local f=$out/dbg-$1/vmlinux d m
	if [ ! -f "$f" ]; then
		d=$(fetch "$DISTRO_DBG")
		# The file, not a symlink to it.
		m=$(dpkg-deb --fsys-tarfile "$d" | tar -tv | awk '/^-/ { print $NF }' |
			grep -F -x -e "./usr/lib/debug/boot/vmlinux-$2" \
				-e "./usr/lib/debug/lib/modules/$2/vmlinux" |
			head -n 1)
		[ -n "$m" ] || die "no vmlinux of $2 in $d"
		mkdir -p "${f%/*}"
		dpkg-deb --fsys-tarfile "$d" | tar -xO "$m" >"$f.tmp"
		mv "$f.tmp" "$f"
	fi
	echo "$f"
}

# The roots, every kernel of a release in one, and their images; the host
# reads dumps in trixie's.
releases=$({ echo trixie; for k in $DISTROS; do
	distro_facts "$k"; echo "$DISTRO_RELEASE"; done; } | sort -u)
for rel in $releases; do
	ks=$(for k in $DISTROS; do
		distro_facts "$k"; [ "$DISTRO_RELEASE" != "$rel" ] || echo "$k"
	done)
	# shellcheck disable=SC2086
	r=$(root "$rel" $ks)
	image "$r" >/dev/null
done
rm -rf "$runs"; mkdir -p "$runs"

saved=()
for run in $(seq "$RUNS"); do
	for k in $DISTROS; do
		distro_facts "$k"
		v=$(kernel_version "${DISTRO_DEBS##*[[:space:]]}")
		root=$out/root-$DISTRO_RELEASE
		dbg=
		[ -z "$DISTRO_DBG" ] || dbg=$(dbg_vmlinux "$k" "$v")
		for model in $DISTRO_MODELS; do
			p=$runs/$k-$model-$run
			say "$k ($model), run $run of $RUNS: console $p.log"
			boot "$p" "$root" "$root.img" "$v" "$model"
			grep -q "^guest: .*$CPUS CPUs, lsm .*apparmor" "$p.log.txt" ||
				die "$k ($model) did not come up with $CPUS CPUs and" \
					"AppArmor; see $p.log.txt"
			grep -q '^guest: the storm runs as aa-storm (enforce)' \
				"$p.log.txt" || die "the storm on $k ($model) was not" \
					"confined by distro/aa-storm; see $p.log.txt"
			grep -q '^done,' "$p.log.txt" ||
				die "the storm on $k ($model) did not finish; see $p.log.txt"
			[ "$LOAD" = execve ] || {
				grep -q '^guest: the link load runs as aa-link (enforce)' \
					"$p.log.txt" && grep -q "^${LOAD}s," "$p.log.txt"; } ||
				die "the $LOAD load on $k ($model) was not confined by" \
					"distro/aa-storm's aa-link, or did not finish; see $p.log.txt"
			grep -q '^guest: 0 AppArmor denials' "$p.log.txt" ||
				die "AppArmor denied the storm on $k ($model) an access" \
					"(apparmor=\"DENIED\" in $p.log.txt); distro/aa-storm" \
					"must allow what the storm does"
			[ -s "$p.vmcore" ] || die "no dump of $k ($model); see $p.log.txt"
			# What the guest printed, without the kernel's lines.
			sed -n '/^guest: /,$p' "$p.log.txt" | { grep -v '^\[' || true; } >"$p.txt"
			saved+=("$p.txt")
			# The dump, read by the host: with BTF and kallsyms where
			# drgn 0.0.31 decodes them (6.x), with DWARF where Debian
			# serves the -dbg.
			if [ "${v%%.*}" -lt 7 ]; then
				host_read "$p.vmcore" "$p.btf"
				saved+=("$p.btf.csv" "$p.btf.exit")
			fi
			if [ -n "$dbg" ]; then
				host_read "$p.vmcore" "$p.dwarf" "$dbg"
				saved+=("$p.dwarf.csv" "$p.dwarf.exit")
			fi
			rm -f "$p.vmcore"
		done
	done
done
"$TOP/scripts/report/distro.sh" "$runs" "$out/$name.csv" |
	tee "$out/$name.md"
save "$name" "${saved[@]}" "$out/$name.csv" "$out/$name-readings.csv" \
	"$out/$name.md"
# The verdict: the host read every dump as the guest read its kernel just
# before, column by column, with BTF and with DWARF where each exists; and
# the tool's exit status says "wrapped" exactly where a hold wrapped, never
# on a kernel with the fix (config.sh's DISTRO_FIXED). Whether a pre-fix
# one wrapped is the finding, not the verdict.
bad=$(python3 - "$out/$name.csv" "$out/$name-readings.csv" <<'PY'
import csv, sys
read = {}
for r in csv.DictReader(open(sys.argv[2])):
    name = '%s (%s), run %s' % (r['kernel'], r['model'], r['run'])
    read[name] = True
    if (r['columns equal'] != r['columns'] or
            r["host's exit"] != r["guest's exit"]):
        print("%s: the host's %s reading of its dump: %s of %s columns as"
              " the guest's, exit %s" % (name, r['how'], r['columns equal'],
                                        r['columns'], r["host's exit"]))
for r in csv.DictReader(open(sys.argv[1])):
    name = '%s (%s), run %s' % (r['kernel'], r['model'], r['run'])
    ex = r["guest's exit"]
    if name not in read:
        print('%s: the host read its dump neither way' % name)
    wrapped = r['CPUs whose hold wrapped, after'] != 'none'
    if ex != ('1' if wrapped else '0'):
        print("%s: the guest's aa-buffers exited %s" % (name, ex))
    if r['has 640cf2f09575'] == 'yes' and (wrapped or
            r['first wrapped hold seen by --watch, s into the storm'] != 'none'):
        print('%s: a hold wrapped on a kernel with the fix' % name)
PY
)
[ -z "$bad" ] || die "$bad"
