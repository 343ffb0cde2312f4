#!/bin/bash
# make check: every check of the series, each reported PASS or FAIL, and a
# last line "N passed, N failed".
set -eu
. "$(dirname "$0")/config.sh"

# Each check's line ends with the seconds since the previous line.
passed=0 failed=0 last=$SECONDS
report() {
	t="[$((SECONDS - last)) s]"; last=$SECONDS
	if [ "$1" = 0 ]; then
		passed=$((passed + 1)); echo "PASS: $2 $t"
	else
		failed=$((failed + 1)); echo "FAIL: $2 $t"
	fi
}
finish() {
	echo "$passed passed, $failed failed"
	exit $((failed > 0))
}

"$TOP/scripts/deps.sh" $DEPS_BUILD $DEPS_X86 sparse busybox-static cpio kmod \
	python3-sphinx python3-yaml gnuplot-nox
"$TOP/scripts/tree.sh"
rc=0; "$TOP/scripts/apply.sh" || rc=1
report $rc "git am of patches/ on the pre-fix and the stock tree, identical results"
[ "$rc" = 0 ] || finish
cd "$TREE"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
"$TOP/scripts/export.sh" "$tmp" >/dev/null && diff -r "$PATCHES" "$tmp" || rc=1
report $rc "patches/ is what 'make patches' writes from the applied series"

# checkpatch.pl --strict must report nothing, with two types set aside:
# - UNKNOWN_COMMIT_ID: Debian's tree has no git history, so checkpatch
#   cannot look up the SHA in Fixes:.
# - FILE_PATH_CHANGES: "added file(s), does MAINTAINERS need updating?" is
#   asked of every new file. get_maintainer.pl answers it just below.
for p in $(series_patches); do
	out=$(perl scripts/checkpatch.pl --strict \
		--ignore UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES "$p" 2>/dev/null) &&
		rc=0 || { rc=1; echo "$out"; }
	report $rc "checkpatch.pl --strict $(basename "$p")"
	out=$(perl scripts/get_maintainer.pl --no-git --no-git-fallback "$p")
	echo "$out" | grep -q 'apparmor@lists.ubuntu.com' &&
		echo "$out" | grep -q 'John Johansen' && rc=0 || { rc=1; echo "$out"; }
	report $rc "get_maintainer.pl names the AppArmor maintainer and list for $(basename "$p")"
done

# kunit_on BRANCH NAME: run the suites on BRANCH; leaves NAME.failed.
kunit_on() {
	git checkout -q "$1"
	rm -f "$CACHE/$2.json"
	kunit "$CACHE/build/um" "$CACHE/$2.json" || true
	if [ -f "$CACHE/$2.json" ]; then
		failed_cases "$CACHE/$2.json" | sort >"$tmp/$2.failed"
	else
		echo "kunit.py produced no results (build or boot failed above)" >"$tmp/$2.failed"
	fi
}

kunit_on series series-um
cp "$CACHE/build/um/test.log" "$tmp/series-um.log" 2>/dev/null || true
rc=0; [ ! -s "$tmp/series-um.failed" ] || { cat "$tmp/series-um.failed"; rc=1; }
report $rc "KUnit on UML, patched tree: every case passes"

kunit_on negative negative-um
git checkout -q series
sort "$TOP/tests/negative-control.expected" >"$tmp/expected"
rc=0
diff -U0 --label expected --label failed "$tmp/expected" "$tmp/negative-um.failed" || rc=1
report $rc "negative control: without patch 1 exactly tests/negative-control.expected fail"

# verb SCRIPT DESCRIPTION: one of the workbench's own verbs as a check.
verb() { "$TOP/scripts/$1.sh" && rc=0 || rc=1; report $rc "$2"; }
# Which cases catch each mutant is part of the result: README's kill table
# is made from results/mutants/v4.log, so this run must find the same.
rc=0
"$TOP/scripts/mutants.sh" >"$tmp/mutants.log" || rc=1
cat "$tmp/mutants.log"
diff -u --label results/mutants/v4.log --label 'this run' \
	"$TOP/results/mutants/v4.log" "$tmp/mutants.log" || rc=1
report $rc "mutants: the suite fails on every mutant in mutants/, caught by the cases in results/mutants/v4.log"
verb bisect "every patch: no new W=1 or kernel-doc warning (sparse only where usable), KUnit passes"
verb insns "CONFIG_KUNIT=n: the seam adds no instruction to aa_get_buffer/aa_put_buffer"
verb docs "HTML of the AppArmor admin guide page: no new Sphinx warning"
verb x86 "the suites as modules in a booted x86_64 debug kernel, 4 CPUs: all pass, live pool untouched, no splat, no leak"

# quoted FILE: README.md has every line of FILE, as is.
quoted() {
	grep -v '^$' "$1" | while read -r line; do
		grep -qxF -- "$line" "$TOP/README.md" ||
			{ echo "README.md does not quote $1: $line"; exit 1; }
	done
}

# Each saved make repro result: runs.md is what repro-report.sh makes of the
# CSVs beside it, and README.md quotes it line for line.
rc=0
for d in "$TOP"/results/repro/*; do
	read -r cpus workers duration < <(sed -n 's/^Each run: \([0-9]*\) vCPUs, \([0-9]*\) fork+execve workers, \([0-9]*\) s,.*/\1 \2 \3/p' "$d/runs.md") || true
	if [ -z "$duration" ]; then
		echo "$d/runs.md: no 'Each run:' line"; rc=1; continue
	fi
	rm -rf "$tmp/repro"; mkdir "$tmp/repro"; cp "$d"/*.csv "$tmp/repro/"
	"$TOP/scripts/repro-report.sh" "$tmp/repro" "$cpus" "$duration" \
		$((workers / cpus)) >/dev/null || rc=1
	diff -u "$d/runs.md" "$tmp/repro/runs.md" || rc=1
	quoted "$d/runs.md" || rc=1
done
# Each saved make fresh run: its table is what fresh-report.sh makes of its
# log, and README.md quotes it line for line.
for log in "$TOP"/results/fresh/*.log; do
	[ -e "$log" ] || continue
	"$TOP/scripts/fresh-report.sh" "$log" | diff -u "${log%.log}.md" - || rc=1
	quoted "${log%.log}.md" || rc=1
done
# The mutant kill table, before and after the model, from the two logs.
"$TOP/scripts/mutants-report.sh" "$TOP/results/mutants/v3.log" \
	"$TOP/results/mutants/v4.log" | diff -u "$TOP/results/mutants/kills.md" - || rc=1
quoted "$TOP/results/mutants/kills.md" || rc=1
# The suite's run times from make timing.
"$TOP/scripts/timing-report.sh" "$TOP/results/timing/runs.log" |
	diff -u "$TOP/results/timing/runs.md" - || rc=1
quoted "$TOP/results/timing/runs.md" || rc=1
# The search's counts, which this make check's own KUnit run logged.
"$TOP/scripts/search-report.sh" "$tmp/series-um.log" |
	diff -u "$TOP/results/search/search.md" - || rc=1
quoted "$TOP/results/search/search.md" || rc=1
report $rc "results/: each saved table is what its report script makes of its data, quoted as is in README.md"

finish
