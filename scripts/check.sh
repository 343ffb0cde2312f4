#!/bin/bash
# make check: run every check of checks/, in the order of their names, and
# print one line per verdict ("PASS: what [N s]", a FAIL followed by its
# log and what failed) and last "N passed, N failed". Each check's whole
# output goes to its own log, RUN/NAME.log (RUN: $OUT/check). With "all"
# (make check-all): make check, then the parts of checks/all/, whose
# verdicts go to results/check-all.log (below).
set -eu
. "$(dirname "$0")/config.sh"
lock

export RUN=$OUT/check
rm -rf "$RUN"; mkdir -p "$RUN"
date +%s >"$RUN/last"
: >"$RUN/verdicts"
exec 3>&1
. "$TOP/checks/lib.sh"	# report
# count FILE: the last line of make check, and of make check-all's log.
count() { echo "$(grep -c ^PASS "$1") passed, $(grep -c ^FAIL "$1") failed"; }
# run_checks FILE...: run each check script, its output to its log. A
# check that ends in error without a FAIL of its own gets one, naming its
# log, so that no verdict it did not give is lost; one that exits 77 does
# not run here (KERNEL_SRC); after one that stopped the run (lib.sh's
# stop_run), none runs.
run_checks() {
	local c name n st
	for c in "$@"; do
		[ ! -e "$RUN/stop" ] || return 0
		name=$(basename "$c" .sh); name=${name#[0-9]*-}
		n=$(wc -l <"$RUN/verdicts")
		export CHECK_LOG=$RUN/$name.log
		st=0; (cd "$TOP" && "$c") >"$CHECK_LOG" 2>&1 </dev/null || st=$?
		[ "$st" != 0 ] && [ "$st" != 77 ] || continue
		tail -n +$((n + 1)) "$RUN/verdicts" | grep -q ^FAIL || {
			tail -n 5 "$CHECK_LOG" >"$RUN/tail"
			report 1 "$LABEL${c#"$TOP"/} ended in error (exit $st)" \
				"$RUN/tail" >>"$CHECK_LOG"
		}
	done
}

# Every package of every check, once, before the first: its output goes
# to a log, the packages it installs are named.
"$TOP/scripts/helpers/deps.sh" $DEPS_BUILD $DEPS_X86 sparse busybox-static cpio kmod \
	python3-sphinx python3-yaml gnuplot-nox gdb python3-drgn
# On KERNEL_SRC, make check-all is make check: the parts below are the
# workbench's own evidence.
if [ "${1:-}" != all ] || [ -n "${SRC:-}" ]; then
	run_checks "$TOP"/checks/[0-9]*.sh
	count "$RUN/verdicts"
	! grep -q ^FAIL "$RUN/verdicts"
	exit
fi

# make check-all: make check (part "check"), then what does not fit its
# budget, part by part: checks/all/NN-PART.sh, in the order of NN.
PARTS="check $(cd "$TOP/checks/all" && ls [0-9]*.sh | sed 's/^[0-9]*-//; s/\.sh$//')"
# part_files PART: the check scripts of PART.
part_files() {
	if [ "$1" = check ]; then ls "$TOP"/checks/[0-9]*.sh
	else ls "$TOP"/checks/all/[0-9]*-"$1".sh; fi
}

# Each part's verdicts go to results/check-all.log, which is rewritten
# after each part, under a line that names the part, the inputs it ran on,
# the commit, the day and the time it took. A part that passed before on
# the same inputs is not run again: a cold make check-all takes longer than
# one sitting on these 2 cores, and a run cut short goes on where it
# stopped. To run a part again, delete its lines from the log.
#
# The inputs: every committed file but README.md, docs/, results/ and the
# cover letters (make check checks these pages, and the results they quote,
# on every commit), plus results/mutants/rfc.log, which the RFC's mutants
# are compared with; as a hash of their index entries. None if any of them
# has uncommitted changes.
inputs() {
	set -- $(git -C "$TOP" ls-tree --name-only HEAD |
		grep -vxE 'README.md|docs|results') results/mutants/rfc.log
	set -- "$@" ':!:patches/*cover-letter.txt' ':!:patches/*0000-cover-letter.patch'
	[ -z "$(git -C "$TOP" status --porcelain -- "$@")" ] || return 0
	git -C "$TOP" ls-files -s -- "$@" | git hash-object --stdin | cut -c 1-12
}
inputs=$(inputs)
[ -n "$inputs" ] || say "uncommitted changes outside README.md, docs/," \
	"results/ and the cover letters: every part runs, and none will be" \
	"taken as run on a commit"
log=$TOP/results/check-all.log
cp "$log" "$RUN/check-all.saved" 2>/dev/null || : >"$RUN/check-all.saved"
# earlier PART: PART's lines of the saved log into RUN/earlier; true if
# it ran on these inputs and every check of it passed.
earlier() {
	[ -n "$inputs" ] || return 1
	awk -v head="part $1: inputs $inputs, " '
		/^part / { on = index($0, head) == 1 }
		/^[0-9]+ passed, [0-9]+ failed$/ { on = 0 }
		on' "$RUN/check-all.saved" >"$RUN/earlier"
	grep -q ^PASS "$RUN/earlier" && ! grep -q ^FAIL "$RUN/earlier"
}
# write_log: the log, of the parts run now and those that passed before on
# these inputs, in the order of PARTS. Its first line names HEAD, the time
# of those parts, and the parts not run yet; its last, the count.
write_log() {
	: >"$RUN/parts"
	todo=
	for q in $PARTS; do
		if [ -f "$RUN/part.$q" ]; then
			cat "$RUN/part.$q" >>"$RUN/parts"
		elif earlier "$q"; then
			cat "$RUN/earlier" >>"$RUN/parts"
		else
			todo="$todo $q"
		fi
	done
	total=$(awk '/^part / { n = split($0, f, ", "); split(f[n], t, " ");
		s += t[1] * 60 + t[3] } END { print s + 0 }' "$RUN/parts")
	{ echo "make check-all of $(git -C "$TOP" rev-parse --short=12 HEAD)," \
		"$(date -u '+%-d %B %Y'), $(mins "$total")${todo:+ so far; not run yet:$todo}:"
	  cat "$RUN/parts"
	  count "$RUN/parts"; } >"$log"
}
for p in $PARTS; do
	if earlier "$p"; then
		say "part $p passed on these inputs ($(head -n 1 "$RUN/earlier")): not run again"
		cp "$RUN/earlier" "$RUN/part.$p"
	else
		start=$SECONDS n=$(wc -l <"$RUN/verdicts")
		rm -f "$RUN/stop"
		# shellcheck disable=SC2046
		run_checks $(part_files "$p")
		[ "$(wc -l <"$RUN/verdicts")" -gt "$n" ] ||
			CHECK_LOG=$RUN report 1 \
				"part $p: stopped before any check of it gave a verdict" >/dev/null
		{ echo "part $p: inputs ${inputs:-uncommitted}, run on" \
			"$(git -C "$TOP" rev-parse --short=12 HEAD)," \
			"$(date -u '+%-d %B %Y'), $(mins $((SECONDS - start)))"
		  tail -n +$((n + 1)) "$RUN/verdicts"; } >"$RUN/part.$p"
	fi
	write_log
done
echo "results/check-all.log:"
cat "$log"
! grep -q ^FAIL "$RUN/parts"
