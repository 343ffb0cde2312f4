#!/bin/bash
# make check: every check of the series, each reported PASS or FAIL, and a
# last line "N passed, N failed". With "all" (make check-all), make check
# and then the checks that do not fit its budget, in parts whose verdicts
# go to results/check-all.log (below, "make check-all").
set -eu
. "$(dirname "$0")/config.sh"
lock

# Each check's line ends with the seconds since the previous line; each
# verdict also goes to $tmp/verdicts, and the time of the last line to
# $tmp/last, so that subshells can report too.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo $SECONDS >"$tmp/last"
: >"$tmp/verdicts"
report() {
	t="[$((SECONDS - $(cat "$tmp/last"))) s]"; echo $SECONDS >"$tmp/last"
	if [ "$1" = 0 ]; then v=PASS; else v=FAIL; fi
	echo "$v: $2 $t" | tee -a "$tmp/verdicts"
}
# count FILE: the last line of make check, and of make check-all's log.
count() { echo "$(grep -c ^PASS "$1") passed, $(grep -c ^FAIL "$1") failed"; }
finish() {
	count "$1"
	if grep -q ^FAIL "$1"; then exit 1; fi
	exit 0
}

# kunit_on BRANCH NAME: run the suites on BRANCH; leaves NAME.failed.
kunit_on() {
	git checkout -q "$1"
	rm -f "$OUT/$2.json"
	kunit "$BUILD/um" "$OUT/$2.json" || true
	if [ -f "$OUT/$2.json" ]; then
		failed_cases "$OUT/$2.json" | sort >"$tmp/$2.failed"
	else
		echo "kunit.py produced no results (build or boot failed above)" >"$tmp/$2.failed"
	fi
}

# series_checks: checks 1 to 6 of README on the kernel line of config.sh's
# LINE (or KERNEL_SRC's tree), each check's name starting with its LABEL;
# returns non-zero if the series did not apply. Leaves the tree on branch
# series and the KUnit log of the patched tree in $tmp/series-um-$LINE.log.
series_checks() {
	label=$LABEL dir=${PATCHES#"$TOP"/}/
	"$TOP/scripts/tree.sh" && rc=0 || rc=1
	[ "$rc" = 0 ] || report $rc "${label}the kernel tree ${SRC:-from $DEB_PACKAGE}"
	[ "$rc" = 0 ] || return 1
	rc=0; "$TOP/scripts/apply.sh" || rc=1
	report $rc "${label}git am of $dir on the pre-fix and the stock tree, identical results"
	[ "$rc" = 0 ] || return 1
	cd "$TREE"

	# patches/ is exported from the workbench's tree, not from yours.
	[ -n "${SRC:-}" ] || exported "$label" "$PATCHES" "the applied series"
	style "$label" $(series_patches)
	passes "$label" series "patched tree"
	cp "$BUILD/um/test.log" "$tmp/series-um-$LINE.log" 2>/dev/null || true
	fails "$label" negative "$NEGATIVE" "without patch 1"
	[ -n "$RFC_PATCHES" ] || return 0

	# The RFC on top of it (7.3): the same, and its closed search must
	# fail on today's pool.
	label="${label}RFC: "
	RFC=1 exported "$label" "$RFC_PATCHES" "branch rfc"
	style "$label" $(rfc_patches)
	passes "$label" rfc "series + patches/rfc/"
	cp "$BUILD/um/test.log" "$tmp/rfc-um.log" 2>/dev/null || true
	fails "$label" rfc-negative "$RFC_NEGATIVE" \
		"on today's pool (RFC patch 1's lsm.c and path.h changes reverted, ${RFC_ADAPTER#"$TOP"/} applied)"
	# how the bound case fails there: the sequence, then what it leaves,
	# which docs/rfc.md quotes
	awk '{ sub(/^ */, "") } /more than the bound/ { print prev; print }
		{ prev = $0 }' "$BUILD/um/test.log" >"$tmp/rfc-negative.txt" \
		2>/dev/null || true
}

# exported LABEL DIR WHAT: DIR is what 'make patches' writes.
exported() {
	mkdir "$tmp/export"
	rc=0
	mkdir "$tmp/saved"; cp "$2"/*.patch "$tmp/saved/"	# not the subdirectories
	"$TOP/scripts/export.sh" "$tmp/export" >/dev/null &&
		diff -r "$tmp/saved" "$tmp/export" || rc=1
	rm -rf "$tmp/export" "$tmp/saved"
	report $rc "${1}${2#"$TOP"/}/ is what 'make patches' writes from $3"
}

# style LABEL PATCH...: checkpatch.pl --strict must report nothing, with two
# types set aside:
# - UNKNOWN_COMMIT_ID: Debian's tree has no git history, so checkpatch
#   cannot look up the SHA in Fixes:.
# - FILE_PATH_CHANGES: "added file(s), does MAINTAINERS need updating?"
#   is asked of every new file. get_maintainer.pl answers it below.
style() {
	label=$1; shift
	for p in "$@"; do
		out=$(perl scripts/checkpatch.pl --strict \
			--ignore UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES "$p" 2>/dev/null) &&
			rc=0 || { rc=1; echo "$out"; }
		report $rc "${label}checkpatch.pl --strict $(basename "$p")"
		# Fixes: adds the fixed commit's signers, which a tree without
		# git history (Debian's) cannot look up.
		fixes=--fixes
		for c in $(sed -n 's/^Fixes: \([0-9a-f]*\) .*/\1/p' "$p"); do
			git cat-file -e "$c^{commit}" 2>/dev/null || fixes=--nofixes
		done
		out=$(perl scripts/get_maintainer.pl --no-git --no-git-fallback $fixes "$p")
		echo "$out" | grep -q 'apparmor@lists.ubuntu.com' &&
			echo "$out" | grep -q 'John Johansen' && rc=0 || { rc=1; echo "$out"; }
		report $rc "${label}get_maintainer.pl names the AppArmor maintainer and list for $(basename "$p")"
	done
}

# passes LABEL BRANCH WHAT: every KUnit case passes on BRANCH.
passes() {
	kunit_on "$2" "$2-um"
	rc=0; [ ! -s "$tmp/$2-um.failed" ] || { cat "$tmp/$2-um.failed"; rc=1; }
	report $rc "${1}KUnit on UML, $3: every case passes"
}

# fails LABEL BRANCH EXPECTED WHAT: exactly the cases in EXPECTED fail on
# BRANCH, the negative control.
fails() {
	kunit_on "$2" "$2-um"
	git checkout -q series
	sort "$3" >"$tmp/expected"
	rc=0
	diff -U0 --label expected --label failed "$tmp/expected" "$tmp/$2-um.failed" || rc=1
	report $rc "${1}negative control: $4 exactly ${3#"$TOP"/} fail"
}

# on_line LINE: config.sh's settings for kernel line LINE, for a subshell.
on_line() { export LINE=$1; . "$TOP/scripts/config.sh"; }
# The other lines that VERB (check or check-all) runs the series checks on.
lines_checked_by() {
	for l in ${LINES#* }; do
		(on_line "$l" && [ "$CHECKED_BY" = "$1" ]) && echo "$l"
	done
}

# verb SCRIPT DESCRIPTION: one of the workbench's own verbs as a check.
verb() { "$TOP/scripts/$1.sh" && rc=0 || rc=1; report $rc "$LABEL$2"; }
# against SAVED WHAT DESCRIPTION SCRIPT ARG...: a verb as a check, whose
# output is part of the result: on the workbench's trees it must be SAVED,
# which the pages quote, and the check's name ends in ", WHAT SAVED". On
# KERNEL_SRC there is nothing saved to compare: the verb's verdict decides.
against() {
	saved=$1 what=$2 name=$3; shift 3
	rc=0
	"$TOP/scripts/$@" >"$tmp/out" || rc=1
	cat "$tmp/out"
	if [ -z "${SRC:-}" ]; then
		diff -u --label "${saved#"$TOP"/}" --label 'this run' \
			"$saved" "$tmp/out" || rc=1
		name="$name, $what ${saved#"$TOP"/}"
	fi
	report $rc "$LABEL$name"
}

# KERNEL_SRC, as a user gives it: a git tree of theirs, here a small one:
# a clone of branch stock (Debian's tree, which has the fix) that shares its
# objects and checks out only security/apparmor/. Run in $TREE.
user=$CACHE/user-linux
user_tree() {
	[ "$(git -C "$user" rev-parse -q --verify HEAD 2>/dev/null)" = "$(git rev-parse stock)" ] &&
		return 0
	rm -rf "$user"
	git clone -q --shared --no-checkout "$TREE" "$user"
	git -C "$user" sparse-checkout set security/apparmor
	git -C "$user" checkout -q -b mine "$(git rev-parse stock)"
}

# make check, README's checks 1 to 14; on KERNEL_SRC, those that take it.
part_check() {
	[ -z "${SRC:-}" ] || say "checking KERNEL_SRC=$SRC ($LINE's code," \
		"${PATCHES#"$TOP"/}/); the workbench's own lines and results are not"
	series_checks || return 0
	if [ -z "${SRC:-}" ]; then
		for l in $(lines_checked_by check); do
			(on_line "$l" && series_checks) || true
		done
	fi
	cd "$TREE"

	# Which cases catch each mutant is part of the result: the kill table
	# of docs/mutants.md is made from results/mutants/v5.log.
	against "$TOP/results/mutants/v5.log" "caught by the cases in" \
		"mutants: the suite fails on every mutant in ${MUTANTS#"$TOP"/}/" mutants.sh
	verb bisect "every patch: no new W=1 or kernel-doc warning (sparse only where usable), KUnit passes"
	# The counts are part of the result: docs/suite.md quotes them.
	against "$TOP/results/insns/$LINE.txt" "counts as in" \
		"CONFIG_KUNIT=n: the seam adds no instruction to aa_get_buffer/aa_put_buffer" \
		insns.sh
	verb docs "HTML of the AppArmor admin guide page: no new Sphinx warning"
	# On KERNEL_SRC, that is all: the rest is the workbench's own evidence.
	[ -z "${SRC:-}" ] || return 0

	# The series must be applied in the workbench's clone of the user's
	# tree and given to it as a branch; the verbs that work on Debian's
	# trees only must refuse it in one line. make check-all runs the whole
	# of make check on it.
	user_tree
	rc=0
	(export KERNEL_SRC=$user; "$TOP/scripts/tree.sh" && "$TOP/scripts/apply.sh") \
		>"$tmp/src.log" 2>&1 || rc=1
	grep -qF "applied: patches/ on $user's HEAD" "$tmp/src.log" || rc=1
	[ "$(git -C "$user" rev-parse -q --verify 'aa-buffer-series^{tree}')" = \
	  "$(git rev-parse 'series-stock^{tree}')" ] ||
		{ echo "$user has no branch aa-buffer-series with the series on its HEAD"; rc=1; }
	[ $rc = 0 ] || cat "$tmp/src.log"
	report $rc "KERNEL_SRC=<a clone of stock>: the series applied to that tree (without 0001, which it has), given to it as branch aa-buffer-series"
	rc=0
	for v in $DEBIAN_ONLY; do
		out=$(KERNEL_SRC=$user timeout 60 "$TOP/scripts/$v.sh" 2>&1) && rc=1
		[ "$(echo "$out" | wc -l)" = 1 ] &&
			echo "$out" | grep -q "^error: scripts/$v.sh works on the workbench's Debian trees only, not on KERNEL_SRC; on your tree: make, make check" ||
			{ echo "KERNEL_SRC=$user scripts/$v.sh: $out"; rc=1; }
	done
	report $rc "KERNEL_SRC: every script of config.sh's DEBIAN_ONLY ($DEBIAN_ONLY) refuses it in one line naming the verbs that take it"
	# refused TREE MESSAGE [VAR=VALUE]: make refuses KERNEL_SRC=TREE with MESSAGE.
	refused() {
		out=$(env KERNEL_SRC="$1" ${3:-} "$TOP/scripts/run.sh" 2>&1) &&
			{ echo "KERNEL_SRC=$1 was not refused"; return 1; }
		echo "$out" | grep -qF "$2" || { echo "KERNEL_SRC=$1: $out"; return 1; }
	}
	t=$tmp/trees
	mkdir -p "$t/none" "$t/other/security/apparmor" "$t/nogit/security/apparmor/include"
	git -C "$t/none" init -q
	for f in lsm.c include/path.h; do
		git show "stock:security/apparmor/$f" >"$t/nogit/security/apparmor/$f"
	done
	cp -r "$t/nogit" "$t/dirty"
	(cd "$t/dirty" && git init -q && git add -A && wb_git commit -q -m tree &&
	 echo >>security/apparmor/lsm.c)
	grep -v -e 'cache_hold_inc(' -e 'cache->hold += 1;' \
		"$t/nogit/security/apparmor/lsm.c" >"$t/other/security/apparmor/lsm.c"
	rc=0
	refused "$t/missing" "KERNEL_SRC=$t/missing is not a directory" || rc=1
	refused "$t/none" "has no security/apparmor/lsm.c" || rc=1
	refused "$t/other" "has no per-CPU buffer cache with a hold count" || rc=1
	refused "$t/nogit" "is not a git tree" || rc=1
	refused "$t/dirty" "has uncommitted changes" || rc=1
	other=$(printf '%s\n' $LINES | grep -vxF "$LINE" | head -n 1)
	refused "$user" "has $LINE's code, not LINE=$other's" LINE=$other || rc=1
	report $rc "KERNEL_SRC: a tree that is missing, not Linux, without the per-CPU cache, not git, dirty, or of another line than LINE is refused, with the reason"

	# tools/aa-buffers on what this machine has (make dumps, in make check-all,
	# reads vmcores of our kernels): a core dump of a process, which is no
	# kernel's, and the running kernel as a user without root, which it cannot
	# read (where this kernel has no /proc/kcore, not even as root). Each is
	# refused with exit 2 and the reason.
	rc=0
	tool=$(mktemp /tmp/aa-buffers.XXXXXX)
	install -m 755 "$TOP/tools/aa-buffers" "$tool"
	sleep 60 & pid=$!
	gcore -o "$tmp/core" $pid >"$tmp/gcore.log" 2>&1 || cat "$tmp/gcore.log"
	kill $pid
	# refuses MESSAGE COMMAND...: COMMAND exits 2 saying MESSAGE.
	refuses() {
		want=$1; shift
		out=$("$@" 2>&1) && st=0 || st=$?
		[ "$st" = 2 ] && echo "$out" | grep -qE "$want" ||
			{ echo "$*: exit $st, not 2 with \"$want\": $out"; return 1; }
	}
	refuses 'core.*has no VMCOREINFO note, so it is not a kernel dump' \
		"$tool" --core "$tmp/core.$pid" || rc=1
	refuses 'needs root|this kernel has no /proc/kcore' \
		setpriv --reuid=nobody --regid=nogroup --clear-groups "$tool" || rc=1
	rm -f "$tool" "$tmp/core.$pid"
	report $rc "tools/aa-buffers refuses, with the reason and exit 2, a process's core dump (no VMCOREINFO) and the running kernel without root"

	# The pages: README.md and docs/*.md.
	pages=("$TOP/README.md" "$TOP"/docs/*.md)
	rc=0
	"$TOP/scripts/results.sh" "$tmp" || rc=1
	report $rc "results/: each saved table is what its report script makes of its data, quoted as is on one page of README.md or docs/"

	# headings FILE: the anchors of FILE's headings, as GitHub makes them.
	headings() {
		awk '/^```/ { code = !code } !code && /^#+ / { sub(/^#+ /, ""); print }' "$1" |
			tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'
	}
	# links: every relative link and image of the pages names a file that
	# exists (and a heading of it, after a #), and README.md links every page
	# of docs/.
	rc=0
	for page in "${pages[@]}"; do
		dir=$(dirname "$page")
		grep -o '](\([^)]*\))' "$page" | sed 's/^](\(.*\))$/\1/' | grep -v '^[a-z]*://' |
			while read -r link; do
				file=${link%%#*}; file=${file:-$(basename "$page")}
				[ -e "$dir/$file" ] || { echo "${page#"$TOP"/}: $link: no such file"; exit 1; }
				[ "$link" = "${link#*#}" ] || headings "$dir/$file" | grep -qxF "${link#*#}" ||
					{ echo "${page#"$TOP"/}: $link: no such heading"; exit 1; }
			done || rc=1
	done
	for page in "$TOP"/docs/*.md; do
		grep -qF "](docs/$(basename "$page"))" "$TOP/README.md" ||
			{ echo "README.md does not link docs/$(basename "$page")"; rc=1; }
	done
	report $rc "README.md and docs/: every link and image resolves, every page of docs/ is linked from README.md"

}

"$TOP/scripts/deps.sh" $DEPS_BUILD $DEPS_X86 sparse busybox-static cpio kmod \
	python3-sphinx python3-yaml gnuplot-nox gdb python3-drgn
# On KERNEL_SRC, make check-all is make check: the parts below are the
# workbench's own evidence.
if [ "${1:-}" != all ] || [ -n "${SRC:-}" ]; then
	part_check
	finish "$tmp/verdicts"
fi

# make check-all: make check, then what does not fit its budget (README,
# "What make check checks"), part by part, in the order of PARTS.
PARTS='check rfc-mutants lines user-tree x86 faults bench dumps fresh'

# The RFC's mutants, 18 rebuilds: beyond make check's budget.
part_rfc_mutants() {
	[ -z "$RFC_PATCHES" ] ||
		against "$TOP/results/mutants/rfc.log" "caught by the cases in" \
			"RFC: mutants: its suite fails on every mutant in mutants/rfc/" \
			mutants.sh rfc
}
# The other lines of make check: their mutants have no kill table to keep
# true yet: every mutant must die, and which cases caught it is saved for
# README to quote. The lines of make check-all only: checks 1 to 6.
part_lines() {
	for l in $(lines_checked_by check); do
		(on_line "$l" &&
		 saved=$TOP/results/mutants/$LINE.log &&
		 rc=0 && "$TOP/scripts/mutants.sh" >"$saved" || rc=1
		 cat "$saved"
		 report $rc "${LABEL}mutants: the suite fails on every mutant in ${MUTANTS#"$TOP"/}/ (${saved#"$TOP"/})"
		 verb bisect "every patch: no new W=1, sparse or kernel-doc warning, KUnit passes"
		 verb insns "CONFIG_KUNIT=n: the seam adds no instruction to aa_get_buffer/aa_put_buffer") || true
	done
	for l in $(lines_checked_by check-all); do
		(on_line "$l" && series_checks) || true
	done
}
# make check on a user's tree (part_check's): every check passes, and
# every check's line names that tree.
part_user_tree() {
	ready
	user_tree
	rc=0
	KERNEL_SRC=$user "$TOP/scripts/check.sh" >"$tmp/src-check.log" 2>&1 || rc=1
	grep -E '^(PASS|FAIL): ' "$tmp/src-check.log" | tee "$tmp/src-checks"
	tail -n 1 "$tmp/src-check.log"
	[ -s "$tmp/src-checks" ] && ! grep -vF "KERNEL_SRC=$user: " "$tmp/src-checks" ||
		{ echo "no checks, or checks that do not name $user (above)"; rc=1; }
	report $rc "KERNEL_SRC=<a clone of stock> make check: every check passes, each line naming that tree"
}
part_x86() {
	verb x86 "the suites as modules in a booted x86_64 debug kernel, 4 CPUs: all pass, live pool untouched, no splat, no leak"
	export RT=1
	verb x86 "PREEMPT_RT: the suites as modules in a booted x86_64 debug kernel, 4 CPUs: all pass, live pool untouched, no splat, no leak"
	export REF=rfc
	verb x86 "RFC: PREEMPT_RT: the RFC's suites as modules in a booted x86_64 debug kernel, 4 CPUs: all pass, live pool untouched, no splat, no leak"
}
part_faults() {
	verb faults "make faults: the storm under failslab and memory pressure: no splat, no leak, no buffer lost (results/faults/)"
	export RT=1 SCENARIOS='none failslab-100'
	verb faults "PREEMPT_RT: make faults, storm alone and under failslab-100: no splat, no leak, no buffer lost (results/faults-rt/)"
}
part_bench() {
	verb bench "make bench: today's pool, the RFC and the allocator alone booted at 1, 2 and 4 vCPUs, 5 interleaved rounds, no splat (results/bench/)"
}
part_dumps() {
	for l in $LINES; do
		(on_line "$l" && [ -n "$DUMPS" ] &&
		 verb dumps "make dumps: tools/aa-buffers on vmcores of the storm kernels says wrapped for the pre-fix one only, agrees with the gdbstub reader CPU by CPU, refuses a vmlinux without debug info (results/dumps/$LINE/)") ||
			true
	done
}
part_fresh() {
	verb fresh "make fresh: in a new Debian 12 chroot with an empty cache, make, then make check passes (results/fresh/cold.md)"
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
cp "$log" "$tmp/check-all.saved" 2>/dev/null || : >"$tmp/check-all.saved"
# earlier PART: PART's lines of the saved log into $tmp/earlier; true if
# it ran on these inputs and every check of it passed.
earlier() {
	[ -n "$inputs" ] || return 1
	awk -v head="part $1: inputs $inputs, " '
		/^part / { on = index($0, head) == 1 }
		/^[0-9]+ passed, [0-9]+ failed$/ { on = 0 }
		on' "$tmp/check-all.saved" >"$tmp/earlier"
	grep -q ^PASS "$tmp/earlier" && ! grep -q ^FAIL "$tmp/earlier"
}
# minsec SECONDS
minsec() { echo "$(($1 / 60)) min $(($1 % 60)) s"; }
# write_log: the log, of the parts run now and those that passed before on
# these inputs, in the order of PARTS. Its first line names HEAD, the time
# of those parts, and the parts not run yet; its last, the count.
write_log() {
	: >"$tmp/parts"
	todo=
	for q in $PARTS; do
		if [ -f "$tmp/part.$q" ]; then
			cat "$tmp/part.$q" >>"$tmp/parts"
		elif earlier "$q"; then
			cat "$tmp/earlier" >>"$tmp/parts"
		else
			todo="$todo $q"
		fi
	done
	total=$(awk '/^part / { n = split($0, f, ", "); split(f[n], t, " ");
		s += t[1] * 60 + t[3] } END { print s + 0 }' "$tmp/parts")
	{ echo "make check-all of $(git -C "$TOP" rev-parse --short=12 HEAD)," \
		"$(date -u '+%-d %B %Y'), $(minsec "$total")${todo:+ so far; not run yet:$todo}:"
	  cat "$tmp/parts"
	  count "$tmp/parts"; } >"$log"
}
for p in $PARTS; do
	if earlier "$p"; then
		say "part $p passed on these inputs ($(head -n 1 "$tmp/earlier")): not run again"
		cp "$tmp/earlier" "$tmp/part.$p"
	else
		start=$SECONDS n=$(wc -l <"$tmp/verdicts")
		(cd "$TOP" && "part_${p//-/_}") || true
		[ "$(wc -l <"$tmp/verdicts")" -gt "$n" ] ||
			report 1 "part $p: stopped before any check of it gave a verdict"
		{ echo "part $p: inputs ${inputs:-uncommitted}, run on" \
			"$(git -C "$TOP" rev-parse --short=12 HEAD)," \
			"$(date -u '+%-d %B %Y'), $(minsec $((SECONDS - start)))"
		  tail -n +$((n + 1)) "$tmp/verdicts"; } >"$tmp/part.$p"
	fi
	write_log
done
cat "$log"
! grep -q ^FAIL "$tmp/parts"
