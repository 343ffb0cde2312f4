#!/bin/bash
# make check: every check of the series, each reported PASS or FAIL, and a
# last line "N passed, N failed". With "all" (make check-all), also the
# checks that do not fit make check's budget; their log is saved to
# results/check-all.log.
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
finish() {
	echo "$(grep -c ^PASS "$tmp/verdicts") passed," \
		"$(grep -c ^FAIL "$tmp/verdicts") failed" | tee -a "$tmp/verdicts"
	if [ "${1:-}" = all ]; then
		{ echo "make check-all of $(git -C "$TOP" rev-parse --short=12 HEAD)," \
			"$(date -u '+%-d %B %Y'), $((SECONDS / 60)) min $((SECONDS % 60)) s:"
		  cat "$tmp/verdicts"; } >"$TOP/results/check-all.log"
	fi
	if grep -q ^FAIL "$tmp/verdicts"; then exit 1; fi
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

# series_checks LABEL: checks 1 to 6 of README on the kernel line of
# config.sh's LINE, each check's name starting with LABEL; returns non-zero
# if the series did not apply. Leaves the tree on branch series and the
# KUnit log of the patched tree in $tmp/series-um-$LINE.log.
series_checks() {
	label=$1 dir=${PATCHES#"$TOP"/}/
	"$TOP/scripts/tree.sh" && rc=0 || rc=1
	[ "$rc" = 0 ] || report $rc "${label}the kernel tree from $DEB_PACKAGE"
	[ "$rc" = 0 ] || return 1
	rc=0; "$TOP/scripts/apply.sh" || rc=1
	report $rc "${label}git am of $dir on the pre-fix and the stock tree, identical results"
	[ "$rc" = 0 ] || return 1
	cd "$TREE"

	exported "$label" "$PATCHES" "the applied series"
	style "$label" $(series_patches)
	passes "$label" series "patched tree"
	cp "$BUILD/um/test.log" "$tmp/series-um-$LINE.log" 2>/dev/null || true
	fails "$label" negative "$NEGATIVE" "without patch 1"
	[ -n "$RFC_PATCHES" ] || return 0

	# The RFC on top of it (7.3): the same, and its bound case must fail
	# on today's pool.
	label="${label}RFC: "
	RFC=1 exported "$label" "$RFC_PATCHES" "branch rfc"
	style "$label" $(rfc_patches)
	passes "$label" rfc "series + patches/rfc/"
	cp "$BUILD/um/test.log" "$tmp/rfc-um.log" 2>/dev/null || true
	fails "$label" rfc-negative "$RFC_NEGATIVE" \
		"on today's pool (RFC patch 1's lsm.c changes reverted)"
	# how the bound cases fail there, which docs/rfc.md quotes
	sed -n '/more than the bound/{s/^ *//;p;n;s/^ *//;p;}' \
		"$BUILD/um/test.log" >"$tmp/rfc-negative.txt" 2>/dev/null || true
}

# exported LABEL DIR WHAT: DIR is what 'make patches' writes.
exported() {
	mkdir "$tmp/export"
	rc=0
	"$TOP/scripts/export.sh" "$tmp/export" >/dev/null &&
		diff -r -x 6.12 -x 7.2 -x rfc "$2" "$tmp/export" || rc=1
	rm -rf "$tmp/export"
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
		out=$(perl scripts/get_maintainer.pl --no-git --no-git-fallback "$p")
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

"$TOP/scripts/deps.sh" $DEPS_BUILD $DEPS_X86 sparse busybox-static cpio kmod \
	python3-sphinx python3-yaml gnuplot-nox
# on_line LINE: config.sh's settings for kernel line LINE, for a subshell
# (config.sh finds the workbench from $0, which may be relative to $TOP).
on_line() { export LINE=$1; cd "$TOP" && . scripts/config.sh; }

series_checks "" || finish "$@"
# The same for 6.12.y, with its own series.
(on_line 6.12 && series_checks "6.12: ") || true
cd "$TREE"

# verb SCRIPT DESCRIPTION: one of the workbench's own verbs as a check.
verb() { "$TOP/scripts/$1.sh" && rc=0 || rc=1; report $rc "$2"; }
# Which cases catch each mutant is part of the result: the kill table of
# docs/mutants.md is made from results/mutants/v5.log, so this run must
# find the same.
rc=0
"$TOP/scripts/mutants.sh" >"$tmp/mutants.log" || rc=1
cat "$tmp/mutants.log"
diff -u --label results/mutants/v5.log --label 'this run' \
	"$TOP/results/mutants/v5.log" "$tmp/mutants.log" || rc=1
report $rc "mutants: the suite fails on every mutant in mutants/, caught by the cases in results/mutants/v5.log"
rc=0
"$TOP/scripts/mutants.sh" rfc >"$tmp/mutants-rfc.log" || rc=1
cat "$tmp/mutants-rfc.log"
diff -u --label results/mutants/rfc.log --label 'this run' \
	"$TOP/results/mutants/rfc.log" "$tmp/mutants-rfc.log" || rc=1
report $rc "RFC: mutants: its suite fails on every mutant in mutants/rfc/, caught by the cases in results/mutants/rfc.log"
verb bisect "every patch: no new W=1 or kernel-doc warning (sparse only where usable), KUnit passes"
# The counts are part of the result: docs/suite.md quotes them from
# results/insns/7.3.txt, so this run must find the same.
rc=0
"$TOP/scripts/insns.sh" >"$tmp/insns.txt" || rc=1
cat "$tmp/insns.txt"
diff -u --label results/insns/7.3.txt --label 'this run' \
	"$TOP/results/insns/7.3.txt" "$tmp/insns.txt" || rc=1
report $rc "CONFIG_KUNIT=n: the seam adds no instruction to aa_get_buffer/aa_put_buffer, counts as in results/insns/7.3.txt"
verb docs "HTML of the AppArmor admin guide page: no new Sphinx warning"

# make check-all: what does not fit make check's budget (README, "What
# make check checks"). Its PASS/FAIL lines go to results/check-all.log.
if [ "${1:-}" = all ]; then
	(export SAVE=1
	 verb x86 "the suites as modules in a booted x86_64 debug kernel, 4 CPUs: all pass, live pool untouched, no splat, no leak"
	 export RT=1
	 verb x86 "PREEMPT_RT: the suites as modules in a booted x86_64 debug kernel, 4 CPUs: all pass, live pool untouched, no splat, no leak"
	 export REF=rfc
	 verb x86 "RFC: PREEMPT_RT: the RFC's suites as modules in a booted x86_64 debug kernel, 4 CPUs: all pass, live pool untouched, no splat, no leak")
	(export SAVE=1; verb faults "make faults: the storm under failslab and memory pressure: no splat, no leak, no buffer lost (results/faults/)"
	 export RT=1 SCENARIOS='none failslab-100'
	 verb faults "PREEMPT_RT: make faults, storm alone and under failslab-100: no splat, no leak, no buffer lost (results/faults-rt/)")
	# 6.12's mutants have no kill table to keep true yet: every mutant
	# must die, and which cases caught it is saved for README to quote.
	(on_line 6.12 && cd "$TREE" &&
	 rc=0 && "$TOP/scripts/mutants.sh" >"$TOP/results/mutants/6.12.log" || rc=1
	 cat "$TOP/results/mutants/6.12.log"
	 report $rc "6.12: mutants: the suite fails on every mutant in mutants/6.12/ (results/mutants/6.12.log)"
	 verb bisect "6.12: every patch: no new W=1, sparse or kernel-doc warning, KUnit passes"
	 verb insns "6.12: CONFIG_KUNIT=n: the seam adds no instruction to aa_get_buffer/aa_put_buffer") || true
	(on_line 7.2 && series_checks "7.2: ") || true
	cd "$TREE"
fi

# The pages: README.md and docs/*.md.
pages=("$TOP/README.md" "$TOP"/docs/*.md)
# quoted FILE: one page has every line of FILE, as is.
quoted() {
	[ -f "$1" ] || { echo "${1#"$TOP"/} is missing"; return 1; }
	for page in "${pages[@]}"; do
		grep -v '^$' "$1" | grep -vxFf "$page" >/dev/null || return 0
	done
	first=$(grep -m1 . "$1")
	page=$(grep -lxF -- "$first" "${pages[@]}" | head -1) || page=
	echo "no page of README.md or docs/ quotes every line of ${1#"$TOP"/};" \
		"${page:-none has its first line}${page:+ lacks}:"
	[ -z "$page" ] || grep -v '^$' "$1" | grep -vxFf "$page" | head -3
	return 1
}
# headings FILE: the anchors of FILE's headings, as GitHub makes them.
headings() {
	awk '/^```/ { code = !code } !code && /^#+ / { sub(/^#+ /, ""); print }' "$1" |
		tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'
}

# Each saved make repro result: runs.md is what repro-report.sh makes of the
# CSVs beside it, and a page quotes it line for line.
# runs_md DIR: DIR/runs.md is what repro-report.sh makes of the CSVs beside it.
runs_md() {
	read -r cpus workers duration < <(sed -n 's/^Each run: \([0-9]*\) vCPUs, \([0-9]*\) fork+execve workers, \([0-9]*\) s,.*/\1 \2 \3/p' "$1/runs.md") || true
	if [ -z "$duration" ]; then
		echo "$1/runs.md: no 'Each run:' line"; return 1
	fi
	rm -rf "$tmp/repro"; mkdir "$tmp/repro"; cp "$1"/*.csv "$tmp/repro/"
	"$TOP/scripts/repro-report.sh" "$tmp/repro" "$cpus" "$duration" \
		$((workers / cpus)) >/dev/null &&
	diff -u "$1/runs.md" "$tmp/repro/runs.md"
}
rc=0
for d in "$TOP"/results/repro/*; do
	runs_md "$d" || rc=1
	quoted "$d/runs.md" || rc=1
done
# make preempt: each cell's runs.md as above, quoted for the migration
# storm's cells; the matrix is what preempt-report.sh makes of every cell's
# runs, and a page quotes it.
if [ -d "$TOP/results/preempt" ]; then
	for d in "$TOP"/results/preempt/*/; do
		runs_md "${d%/}" || rc=1
		case $d in *-migrate/|*-rfc/) quoted "${d%/}/runs.md" || rc=1 ;; esac
	done
	"$TOP/scripts/preempt-report.sh" |
		diff -u "$TOP/results/preempt/matrix.md" - || rc=1
	quoted "$TOP/results/preempt/matrix.md" || rc=1
fi
# make reclaim: its table is what reclaim-report.sh makes of its runs.
d=$TOP/results/reclaim
if [ -f "$d/reclaim.md" ]; then
	read -r cpus duration < <(sed -n 's/^Each run: \([0-9]*\) vCPUs, the storm for \([0-9]*\) s,.*/\1 \2/p' "$d/reclaim.md") || true
	rm -rf "$tmp/reclaim"; mkdir "$tmp/reclaim"
	cp "$d"/*.csv "$d"/*.reclaim "$tmp/reclaim/"
	"$TOP/scripts/reclaim-report.sh" "$tmp/reclaim" "${duration:-0}" "${cpus:-0}" |
		diff -u "$d/reclaim.md" - || rc=1
	quoted "$d/reclaim.md" || rc=1
fi
# Each saved make faults result (faults, faults-rt, faults-prefix): its
# faults.md is what faults-report.sh makes of the files beside it, and a
# page quotes it. make check-all has just rewritten faults and faults-rt,
# and the make x86 reports below: it leaves their quotes to the next make
# check, as it does for its own log.
for d in "$TOP"/results/faults*; do
	[ -f "$d/faults.md" ] || continue
	duration=$(sed -n 's/^Each scenario: one boot, \([0-9]*\) s of load.*/\1/p' "$d/faults.md")
	"$TOP/scripts/faults-report.sh" "$d" "${duration:-0}" |
		diff -u "$d/faults.md" - || rc=1
	[ "${1:-}" = all ] || quoted "$d/faults.md" || rc=1
done
# Each saved make x86 report (SAVE=1), quoted on a page.
for f in "$TOP"/results/x86/*.summary; do
	[ -e "$f" ] && [ "${1:-}" != all ] || continue
	quoted "$f" || rc=1
done
# Each saved make fresh run: its table is what fresh-report.sh makes of its
# log, and a page quotes it line for line.
for log in "$TOP"/results/fresh/*.log; do
	[ -e "$log" ] || continue
	"$TOP/scripts/fresh-report.sh" "$log" | diff -u "${log%.log}.md" - || rc=1
	quoted "${log%.log}.md" || rc=1
done
# The mutant kill table, before and after the moves, from the two logs.
"$TOP/scripts/mutants-report.sh" "$TOP/results/mutants/v4.log" \
	"$TOP/results/mutants/v5.log" | diff -u "$TOP/results/mutants/kills.md" - || rc=1
quoted "$TOP/results/mutants/kills.md" || rc=1
# The suite's run times from make timing.
"$TOP/scripts/timing-report.sh" "$TOP/results/timing/runs.log" |
	diff -u "$TOP/results/timing/runs.md" - || rc=1
quoted "$TOP/results/timing/runs.md" || rc=1
# The search's counts, which this make check's own KUnit run logged.
"$TOP/scripts/search-report.sh" "$tmp/series-um-7.3.log" |
	diff -u "$TOP/results/search/search.md" - || rc=1
quoted "$TOP/results/search/search.md" || rc=1
# The RFC's search, and how its bound case fails on today's pool.
"$TOP/scripts/search-report.sh" "$tmp/rfc-um.log" |
	diff -u "$TOP/results/rfc/search.md" - || rc=1
quoted "$TOP/results/rfc/search.md" || rc=1
diff -u "$TOP/results/rfc/negative.txt" "$tmp/rfc-negative.txt" || rc=1
quoted "$TOP/results/rfc/negative.txt" || rc=1
quoted "$TOP/results/mutants/rfc.log" || rc=1
# The last make check-all's log and the 6.12 mutants' log it wrote (make
# check-all rewrites both, so it leaves them to the next make check).
# The matrix of kernel lines is made from the first.
if [ "${1:-}" != all ]; then
	quoted "$TOP/results/check-all.log" || rc=1
	quoted "$TOP/results/mutants/6.12.log" || rc=1
	"$TOP/scripts/matrix-report.sh" "$TOP/results/check-all.log" |
		diff -u "$TOP/results/matrix.md" - || rc=1
	quoted "$TOP/results/matrix.md" || rc=1
fi
quoted "$TOP/results/insns/7.3.txt" || rc=1
# README's table of what is proven, from all of the above.
"$TOP/scripts/proven-report.sh" | diff -u "$TOP/results/proven.md" - || rc=1
quoted "$TOP/results/proven.md" || rc=1
report $rc "results/: each saved table is what its report script makes of its data, quoted as is on one page of README.md or docs/"

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

finish "$@"
