# shellcheck shell=bash
# What every check of checks/ sources: config.sh, and the helpers that
# report a verdict. scripts/check.sh (make check, make check-all) runs each
# check with its output going to its own log, RUN/NAME.log; a check says
# its verdicts with report, which the runner shows on the terminal. Sourced,
# never run.
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/config.sh"

# RUN: the runner's directory of this run (the logs, the verdicts, files
# one check leaves for another). fd 3: the terminal.
: "${RUN:?checks/ are run by scripts/check.sh (make check), which sets RUN}"

# report STATUS NAME [DETAIL]: a check's verdict, PASS if STATUS is 0, as
# one line "PASS: NAME [N s]" on the terminal and in RUN/verdicts, N the
# seconds since the verdict before. A FAIL names this check's log, and
# shows the first lines of the file DETAIL (the failing KUnit cases, say).
report() {
	local t v now
	now=$(date +%s)
	t="[$((now - $(cat "$RUN/last"))) s]"; echo "$now" >"$RUN/last"
	if [ "$1" = 0 ]; then v=PASS; else v=FAIL; fi
	echo "$v: $2 $t" | tee -a "$RUN/verdicts" >&3
	echo "$v: $2 $t"	# in the log too, between what led to it
	[ "$v" = FAIL ] || return 0
	echo "    log: $CHECK_LOG" >&3
	[ -z "${3:-}" ] || [ ! -s "$3" ] || head -n 20 "$3" | sed 's/^/    /' >&3
}
# stop_run: nothing after this check can run (the series did not apply).
stop_run() { : >"$RUN/stop"; exit 1; }
# only_debian: this check is the workbench's own evidence, not run on
# KERNEL_SRC (exit 77: the runner prints nothing).
only_debian() { [ -z "${SRC:-}" ] || exit 77; }

# on_line LINE: config.sh's settings for kernel line LINE, for a subshell.
on_line() { export LINE=$1; . "$TOP/scripts/config.sh"; }
# lines_checked_by VERB: the other lines that VERB (check or check-all)
# runs the series checks on.
lines_checked_by() {
	for l in ${LINES#* }; do
		(on_line "$l" && [ "$CHECKED_BY" = "$1" ]) && echo "$l"
	done
}

# verb SCRIPT DESCRIPTION: one of the workbench's own verbs as a check; if
# it fails, the last lines it printed (its error) follow the FAIL.
verb() {
	"$TOP/scripts/$1.sh" >"$RUN/verb.out" 2>&1 && rc=0 || rc=1
	cat "$RUN/verb.out"
	tail -n 5 "$RUN/verb.out" >"$RUN/verb.tail"
	report $rc "$LABEL$2" "$RUN/verb.tail"
}
# against DESCRIPTION SCRIPT ARG...: a verb as a check, whose results are
# part of the proof: on the workbench's trees what it saves (config.sh's
# save) must be what is committed, which the pages quote; the check's name
# ends in ", as committed in FILE...". If not, git diff results/ shows the
# difference (the detail of the FAIL): commit it if the change is meant.
# On KERNEL_SRC nothing is committed to compare: the verb's verdict decides.
against() {
	local name=$1 script=$2 rc=0 files; shift 2
	: >"$RUN/saved"; : >"$RUN/against.diff"
	SAVED_LIST=$RUN/saved "$TOP/scripts/$script" "$@" || rc=1
	if [ -z "${SRC:-}" ]; then
		mapfile -t files <"$RUN/saved"
		if [ "${#files[@]}" = 0 ]; then
			echo "scripts/$script saved no result"
		else
			git -C "$TOP" status --porcelain -- "${files[@]}"
			git -C "$TOP" diff HEAD -- "${files[@]}"
		fi >>"$RUN/against.diff"
		cat "$RUN/against.diff"
		[ ! -s "$RUN/against.diff" ] || rc=1
		name="$name, as committed in ${files[*]}"
	fi
	report $rc "$LABEL$name" "$RUN/against.diff"
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

# kunit_on BRANCH NAME: run the suites on BRANCH; leaves RUN/NAME.failed.
kunit_on() {
	git checkout -q "$1"
	rm -f "$OUT/$2.json"
	kunit "$BUILD/um" "$OUT/$2.json" || true
	if [ -f "$OUT/$2.json" ]; then
		failed_cases "$OUT/$2.json" | sort >"$RUN/$2.failed"
	else
		echo "kunit.py produced no results (build or boot failed; see the log)" \
			>"$RUN/$2.failed"
	fi
}

# series_checks: the series checks on the kernel line of config.sh's LINE
# (or KERNEL_SRC's tree), each check's name starting with its LABEL;
# returns non-zero if the series did not apply. The posted series (branch
# posting), then the deep suite on top of it (branch series). Leaves the
# tree on branch series, the KUnit log of the posting in
# RUN/posting-um-LINE.log, of series in RUN/series-um-LINE.log and, on a
# line with an RFC, RUN/rfc-um.log and RUN/rfc-negative.txt.
series_checks() {
	label=$LABEL dir=${PATCHES#"$TOP"/}/
	"$TOP/scripts/helpers/tree.sh" && rc=0 || rc=1
	[ "$rc" = 0 ] || report $rc "${label}the kernel tree ${SRC:-from $DEB_PACKAGE}"
	[ "$rc" = 0 ] || return 1
	rc=0; "$TOP/scripts/helpers/apply.sh" || rc=1
	report $rc "${label}git am of $dir on $(posting_base), then without the fix, and the deep suite (${DEEP#"$TOP"/}) on top"
	[ "$rc" = 0 ] || return 1
	cd "$TREE"

	# patches/ is exported from the workbench's tree, not from yours.
	[ -n "${SRC:-}" ] || exported "$label" "$PATCHES" "branch posting"
	style "$label" $(series_patches)
	passes "$label" posting "the posted series"
	cp "$BUILD/um/test.log" "$RUN/posting-um-$LINE.log" 2>/dev/null || true
	rc=0; under_a_second "$RUN/posting-um-$LINE.log" >"$RUN/times" || rc=1
	cat "$RUN/times"
	report $rc "${label}the posted suite on UML: each case under 1 s, by the log's printk times" "$RUN/times"
	fails "$label" posting-negative "$NEGATIVE" "the posted series without upstream $FIX_SHA"
	passes "$label" series "the deep suite on the posted series"
	cp "$BUILD/um/test.log" "$RUN/series-um-$LINE.log" 2>/dev/null || true
	fails "$label" negative "$DEEP_NEGATIVE" "the deep suite without upstream $FIX_SHA"
	[ -n "$RFC_PATCHES" ] || return 0

	# The RFC on top of it (7.3): the same, and its closed search must
	# fail on today's pool.
	label="${label}RFC: "
	RFC=1 exported "$label" "$RFC_PATCHES" "branch rfc"
	style "$label" $(rfc_patches)
	passes "$label" rfc "series + patches/rfc/"
	cp "$BUILD/um/test.log" "$RUN/rfc-um.log" 2>/dev/null || true
	fails "$label" rfc-negative "$RFC_NEGATIVE" \
		"on today's pool (branch series' lsm.c and path.h, ${RFC_ADAPTER#"$TOP"/} applied)"
	# how the bound case fails there: the sequence, then what it leaves,
	# which docs/rfc.md quotes
	untimed "$BUILD/um/test.log" | awk '{ sub(/^ */, "") }
		/more than the bound/ { print prev; print }
		{ prev = $0 }' >"$RUN/rfc-negative.txt" \
		2>/dev/null || true
}

# exported LABEL DIR WHAT: DIR is what 'make patches' writes.
exported() {
	local d=$RUN/export rc=0
	rm -rf "$d"; mkdir -p "$d/new" "$d/saved"
	cp "$2"/*.patch "$d/saved/"	# not the subdirectories
	# as signed by whoever signed the saved ones
	SERIES_IDENT=$(awk 'NR == 2 { s = $0 } NR == 3 && /^ / { s = s $0 }
		NR > 3 { exit } END { sub(/^From: /, "", s); print s }' \
		"$2/0000-cover-letter.patch") \
		"$TOP/scripts/patches.sh" "$d/new" >/dev/null &&
		diff -r "$d/saved" "$d/new" >"$d.diff" || rc=1
	cat "$d.diff"
	rm -rf "$d"
	report $rc "${1}${2#"$TOP"/}/ is what 'make patches' writes from $3" "$d.diff"
}

# style LABEL PATCH...: checkpatch.pl --strict must report nothing, with two
# types set aside:
# - UNKNOWN_COMMIT_ID: Debian's tree has no git history, so checkpatch
#   cannot look up the SHA in Fixes:.
# - FILE_PATH_CHANGES: "added file(s), does MAINTAINERS need updating?"
#   is asked of every new file. get_maintainer.pl answers it below.
style() {
	local label=$1 p out rc fixes c; shift
	for p in "$@"; do
		perl scripts/checkpatch.pl --strict \
			--ignore UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES "$p" \
			>"$RUN/style.out" 2>/dev/null && rc=0 || rc=1
		cat "$RUN/style.out"
		report $rc "${label}checkpatch.pl --strict $(basename "$p")" "$RUN/style.out"
		# Fixes: adds the fixed commit's signers, which a tree without
		# git history (Debian's) cannot look up.
		fixes=--fixes
		for c in $(sed -n 's/^Fixes: \([0-9a-f]*\) .*/\1/p' "$p"); do
			git cat-file -e "$c^{commit}" 2>/dev/null || fixes=--nofixes
		done
		out=$(perl scripts/get_maintainer.pl --no-git --no-git-fallback $fixes "$p")
		echo "$out"
		echo "$out" | grep -q 'apparmor@lists.ubuntu.com' &&
			echo "$out" | grep -q 'John Johansen' && rc=0 || rc=1
		report $rc "${label}get_maintainer.pl names the AppArmor maintainer and list for $(basename "$p")"
	done
}

# passes LABEL BRANCH WHAT: every KUnit case passes on BRANCH.
passes() {
	local skipped
	kunit_on "$2" "$2-um"
	rc=0; [ ! -s "$RUN/$2-um.failed" ] || rc=1
	skipped=$(STATUS=SKIP failed_cases "$OUT/$2-um.json" 2>/dev/null | paste -sd, -)
	report $rc "${1}KUnit on UML, $3: every case passes${skipped:+ (skipped: $skipped)}" "$RUN/$2-um.failed"
}

# fails LABEL BRANCH EXPECTED WHAT: exactly the cases in EXPECTED fail on
# BRANCH, the negative control.
fails() {
	kunit_on "$2" "$2-um"
	git checkout -q series
	sort "$3" >"$RUN/expected"
	rc=0
	diff -U0 --label expected --label failed "$RUN/expected" \
		"$RUN/$2-um.failed" >"$RUN/$2.diff" || rc=1
	cat "$RUN/$2.diff"
	report $rc "${1}negative control: $4 exactly ${3#"$TOP"/} fail" "$RUN/$2.diff"
}
