#!/bin/bash
# make dumps: tools/aa-buffers on vmcores of real kernels of LINE, against
# the gdbstub pool reader. The pre-fix, the fixed and (if LINE has one) the
# RFC kernel, make repro's storm kernels made preemptible and given
# configs/vmcore.config, each boot under QEMU with -device vmcoreinfo and
# run the execve storm. The pool reader (scripts/helpers/pool.sh) samples the pool
# every SAMPLE s; at the first sample where a CPU's hold has wrapped on the
# pre-fix kernel, and at the same sample number on the others, it dumps the
# guest's memory (QMP dump-guest-memory) while gdb holds the guest stopped:
# the reader's sample and the dump are of one moment. Then tools/aa-buffers
# reads each dump with its vmlinux: it must say "wrapped" for the pre-fix
# dump only, agree with the reader's sample CPU by CPU, and refuse the dump
# given a vmlinux without debug info. Dumps stay in the cache; the tool's
# output and the comparison go to results/dumps/LINE/. Settings
# (environment): DURATION=240 CPUS=4 WORKERS=2 MEM=1G SAMPLE=5.
set -eu
. "$(dirname "$0")/config.sh"
DURATION=${DURATION:-240} WORKERS=${WORKERS:-2} SAMPLE=${SAMPLE:-5}
. "$TOP/scripts/helpers/storm.sh"

ready $DEPS_STORM python3-drgn
out=$OUT/dumps
rm -rf "$out"; mkdir -p "$out"
initrd=$(storm_initrd "$out")
tool=$TOP/tools/aa-buffers

kernels='prefix fixed'
[ -z "$RFC_PATCHES" ] || kernels="$kernels rfc"
at=wrapped
saved=()
for k in $kernels; do
	ref=$k; [ "$k" != fixed ] || ref=series
	# All in the pre-fix kernel's build dir, from its worktree: the fixed
	# and the RFC kernel are rebuilds of the files that differ.
	WORKTREE=prefix "$TOP/scripts/helpers/guest.sh" "$ref" "$BUILD/dump-prefix" \
		"$TOP/configs/repro.config" "$TOP/configs/preempt.config" \
		"$TOP/configs/vmcore.config" >/dev/null
	bz=$BUILD/dump-prefix/arch/x86/boot/bzImage
	say "$k kernel: the storm, dumped at sample $at; console $out/$k.log"
	POOL_DUMP=$out/$k.vmcore POOL_DUMP_AT=$at \
		storm_run "$bz" "$initrd" "$out/$k" none || true
	[ -s "$out/$k.vmcore" ] || die "the $k kernel was not dumped:" \
		"no sample at $at in $DURATION s ($out/$k.pool.csv, console $out/$k.log)"
	# The pre-fix kernel's moment is the others' too.
	[ "$at" != wrapped ] || at=$(($(wc -l <"$out/$k.pool.csv") - 2))

	# The tool runs in $out, on names relative to it, so that its output
	# names no directory of this machine's. Each dump keeps its vmlinux
	# beside it: the next kernel is built over this one.
	cd "$out"
	cp "$BUILD/dump-prefix/vmlinux" "$k.vmlinux"
	objcopy --strip-debug "$k.vmlinux" "$k.vmlinux-nodebug"
	rc=0
	"$tool" --core "$k.vmcore" --vmlinux "$k.vmlinux" >"$k.txt" || rc=$?
	echo "$rc" >"$k.exit"
	cat "$k.txt"
	# Exit 1 and a verdict of "wrapped" on the pre-fix dump only.
	want=0; [ "$k" != prefix ] || want=1
	wrapped=0
	grep -q '^verdict: CPU [0-9]*: hold [0-9]*, wrapped' "$k.txt" && wrapped=1
	[ "$rc" = "$want" ] && [ "$wrapped" = "$want" ] ||
		die "tools/aa-buffers on the $k dump: exit $rc, wrapped $wrapped;" \
			"want $want for both ($out/$k.txt)"

	# CPU by CPU: every column of the tool's CSV equals the reader's.
	rc=0
	"$tool" --core "$k.vmcore" --vmlinux "$k.vmlinux" --csv >"$k.tool.csv" || rc=$?
	[ "$rc" = "$want" ] || die "tools/aa-buffers --csv exited $rc on the $k dump"
	{ head -n 1 "$k.pool.csv"; tail -n 1 "$k.pool.csv"; } >"$k.moment.csv"
	python3 "$TOP/scripts/helpers/table.py" same "$k.tool.csv" "$k.moment.csv" ||
		die "tools/aa-buffers and the pool reader disagree on the $k dump (above)"

	# Given a vmlinux without debug info, it refuses and says so.
	rc=0
	"$tool" --core "$k.vmcore" --vmlinux "$k.vmlinux-nodebug" \
		>"$k.nodebug" 2>&1 || rc=$?
	[ "$rc" = 2 ] && grep -q 'has no debug info' "$k.nodebug" ||
		die "tools/aa-buffers did not refuse a vmlinux without debug info: $(cat "$k.nodebug")"
	rm "$k.vmlinux-nodebug"
	cd "$TREE"
	for f in txt exit tool.csv pool.csv nodebug; do saved+=("$out/$k.$f"); done
done
save "dumps/$LINE" "${saved[@]}"
# The table of every line's dumps.
"$TOP/scripts/report/dumps.sh" "$RESULTS/dumps" "$out/dumps.csv" |
	tee "$out/dumps.md"
save -k dumps "$out/dumps.csv" "$out/dumps.md"
