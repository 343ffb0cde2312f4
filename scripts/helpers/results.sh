#!/bin/bash
# results.sh RUN: every saved table of results/ is what its report
# script makes of the data beside it, and a page of README.md or docs/
# links to it. RUN is make check's directory of this run's
# logs (series-um-LINE.log, rfc-um.log, rfc-negative.txt), from which the
# search counts are made. Prints what differs; fails if anything does.
set -eu
. "$(dirname "$0")/../config.sh"
shopt -s nullglob
run=$1
R=$TOP/results
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pages=("$TOP/README.md" "$TOP"/docs/*.md)
rc=0

# quoted FILE: FILE exists and a page of README.md or docs/ links to it;
# what a page copies of it, numbers.sh finds there.
quoted() {
	[ -f "$1" ] || { echo "${1#"$TOP"/} is missing"; rc=1; return; }
	local page dir
	for page in "${pages[@]}"; do
		dir=$(dirname "$page")
		grep -o '](\([^)#]*\)' "$page" | sed 's/^](//' |
			while read -r link; do
				[ -z "$link" ] || realpath -m "$dir/$link"
			done | grep -qxF "$(realpath "$1")" && return 0
	done
	echo "no page of README.md or docs/ links to ${1#"$TOP"/}"
	rc=1
}
# made SAVED COMMAND...: SAVED is what COMMAND prints now.
made() {
	saved=$1; shift
	"$@" >"$tmp/made" 2>"$tmp/made.err" ||
		{ cat "$tmp/made.err"; echo "$* failed"; rc=1; }
	diff -u --label "${saved#"$TOP"/}" --label "$1, now" "$saved" "$tmp/made" ||
		rc=1
}
# regenerated SAVED COMMAND...: SAVED is what COMMAND prints now, quoted.
regenerated() { made "$@"; quoted "$1"; }
# tables DIR NEW...: each table NEW that a report wrote, as CSV, is the one
# saved in DIR, of the same name.
tables() {
	d=$1; shift
	for f in "$@"; do
		diff -u --label "${d#"$TOP"/}/${f##*/}" --label "${f##*/}, now" \
			"$d/${f##*/}" "$f" || rc=1
	done
}
# data DIR EXT...: a copy of DIR's files ending in .EXT, in $tmp/data, for
# a report script that writes beside its data (repro-, faults-,
# report/reclaim.sh).
data() {
	d=$1; shift
	rm -rf "$tmp/data"; mkdir "$tmp/data"
	for e in "$@"; do cp "$d"/*."$e" "$tmp/data/"; done
}
# runs_md DIR: DIR/runs.md is what report/repro.sh makes of the CSVs beside
# it, with the settings its "Each run:" line names.
runs_md() {
	read -r cpus workers duration < <(sed -n 's/^Each run: \([0-9]*\) vCPUs, \([0-9]*\) fork+execve workers, \([0-9]*\) s,.*/\1 \2 \3/p' "$1/runs.md") ||
		{ echo "${1#"$TOP"/}/runs.md: no 'Each run:' line"; rc=1; return; }
	data "$1" csv
	"$TOP/scripts/report/repro.sh" "$tmp/data" "$cpus" "$duration" \
		$((workers / cpus)) >/dev/null || rc=1
	made "$1/runs.md" cat "$tmp/data/runs.md"
	tables "$1" "$tmp/data/runs.csv"
	# the pool table, of the runs that had the pool reader
	[ ! -e "$1/runs-pool.csv" ] && [ ! -e "$tmp/data/runs-pool.csv" ] ||
		tables "$1" "$tmp/data/runs-pool.csv"
}

# make repro: each saved result, quoted.
for d in "$R"/repro/*/; do
	runs_md "${d%/}"; quoted "${d%/}/runs.md"
done
# make preempt: each cell's runs, quoted for the migration storm's cells
# and the RFC's; the matrix is made of every cell's runs.
for d in "$R"/preempt/*/; do
	runs_md "${d%/}"
	case $d in *-migrate/|*-rfc/) quoted "${d%/}/runs.md" ;; esac
done
rm -rf "$tmp/preempt"; mkdir "$tmp/preempt"
regenerated "$R/preempt/matrix.md" "$TOP/scripts/report/preempt.sh" "$tmp/preempt"
tables "$R/preempt" "$tmp/preempt"/*.csv
# make reclaim, once it has run on this RFC.
d=$R/reclaim
if [ -d "$d" ]; then
	read -r cpus duration < <(sed -n 's/^Each run: \([0-9]*\) vCPUs, the storm for \([0-9]*\) s,.*/\1 \2/p' "$d/reclaim.md") || true
	data "$d" csv reclaim
	regenerated "$d/reclaim.md" "$TOP/scripts/report/reclaim.sh" "$tmp/data" \
		"${duration:-0}" "${cpus:-0}"
	tables "$d" "$tmp/data/reclaim.csv"
fi
# make faults (faults, faults-rt, faults-prefix) and the make x86 reports.
for d in "$R"/faults*/; do
	[ -f "$d/faults.md" ] || continue
	duration=$(sed -n 's/^Each scenario: one boot, \([0-9]*\) s of load.*/\1/p' "$d/faults.md")
	data "$d" csv summary
	made "$d/faults.md" "$TOP/scripts/report/faults.sh" "$tmp/data" "${duration:-0}"
	tables "${d%/}" "$tmp/data/faults.csv"
	quoted "$d/faults.md"
done
for f in "$R"/x86*/*.summary; do quoted "$f"; done
# make bench: bench-pairs, bench-lstat.
mkdir -p "$tmp/bench-pairs"
regenerated "$R/bench-pairs/pairs.md" "$TOP/scripts/report/bench-pairs.sh" \
	"$R/bench-pairs" "$tmp/bench-pairs"
tables "$R/bench-pairs" "$tmp/bench-pairs"/{pairs,sigprocmask}-table.csv
data "$R/bench-lstat" csv
rm -f "$tmp/data"/{lstat,counts,memory}.csv
regenerated "$R/bench-lstat/lstat.md" "$TOP/scripts/report/bench-lstat.sh" "$tmp/data"
tables "$R/bench-lstat" "$tmp/data"/{lstat,counts,memory}.csv
# make dumps: the table of every line's dumps, and the tool's output on
# the default line's pre-fix dump, README's example.
if [ -d "$R/dumps" ]; then
	regenerated "$R/dumps/dumps.md" "$TOP/scripts/report/dumps.sh" "$R/dumps" \
		"$tmp/dumps.csv"
	tables "$R/dumps" "$tmp/dumps.csv"
	quoted "$R/dumps/$DEFAULT_LINE/prefix.txt"
fi
# make distro: the runs on Debian's own kernels, the storm alone and
# with the link or mount load (LOAD=link, mount).
for n in distro distro-link distro-mount; do
	[ -d "$R/$n" ] || continue
	regenerated "$R/$n/$n.md" "$TOP/scripts/report/distro.sh" \
		"$R/$n" "$tmp/$n.csv"
	tables "$R/$n" "$tmp/$n.csv" "$tmp/$n-readings.csv"
done
# make fresh.
for log in "$R"/fresh/*.log; do
	regenerated "${log%.log}.md" "$TOP/scripts/report/fresh.sh" "$log" \
		"$tmp/$(basename "$log" .log).csv"
	tables "$R/fresh" "$tmp/$(basename "$log" .log).csv"
done
# The mutant kill tables, posted suite against deep suite, on 7.3 and
# 6.12; the RFC's mutants.
for l in $LINES; do
	(line_facts "$l"; [ "$CHECKED_BY" = check ]) || continue
	f=$(line_facts "$l"
	    echo "${RESULTS_PREFIX}kills.md $POSTED_MUTANTS_LOG $MUTANTS_LOG")
	read -r kills posted deep <<<"$f"
	regenerated "$R/mutants/$kills" env LINE="$l" \
		"$TOP/scripts/report/mutants.sh" "$R/mutants/$posted" \
		"$R/mutants/$deep"
done
quoted "$R/mutants/rfc.log"
quoted "$R/mutants/race.log"
quoted "$R/mutants/rfc-race.log"
quoted "$R/mutants/race-rate.log"
quoted "$R/mutants/rfc-race-rate.log"
# make timing.
regenerated "$R/timing/runs.md" "$TOP/scripts/report/timing.sh" "$R/timing/runs.log"
for f in "$R"/timing/profile-*.txt; do quoted "$f"; done
# The searches' counts, which this make check's own KUnit runs logged (the
# RFC's closed search too), and how the RFC's bound case fails on today's
# pool.
mkdir "$tmp/rfc"
regenerated "$R/search/search.md" "$TOP/scripts/report/search.sh" \
	"$run/series-um-$LINE.log" "$tmp/search.csv"
regenerated "$R/rfc/search.md" "$TOP/scripts/report/search.sh" "$run/rfc-um.log" \
	"$tmp/rfc/search.csv"
regenerated "$R/rfc/closed.md" "$TOP/scripts/report/closed.sh" "$run/rfc-um.log" \
	"$tmp/rfc/closed.csv"
tables "$R/search" "$tmp/search.csv"
tables "$R/rfc" "$tmp/rfc/search.csv" "$tmp/rfc/closed.csv"
regenerated "$R/rfc/negative.txt" cat "$run/rfc-negative.txt"
# The last make check-all's log (its mutants' logs make the kill tables
# above); the matrix of kernel lines, made from it.
quoted "$R/check-all.log"
regenerated "$R/matrix.md" "$TOP/scripts/report/matrix.sh" "$R/check-all.log" \
	"$tmp/matrix.csv"
tables "$R" "$tmp/matrix.csv"
quoted "$R/insns/$LINE.txt"
# The RFC cover letter's comparison of today's pool, v1 and v2, which the
# cover letter quotes too.
regenerated "$R/rfc/compare.md" "$TOP/scripts/report/rfc.sh" "$tmp/rfc/compare.csv"
tables "$R/rfc" "$tmp/rfc/compare.csv"
[ -z "$RFC_PATCHES" ] || ! grep -v '^$' "$R/rfc/compare.md" |
	grep -vxFf "$RFC_PATCHES/cover-letter.txt" >/dev/null ||
	{ echo "${RFC_PATCHES#"$TOP"/}/cover-letter.txt does not quote results/rfc/compare.md"; rc=1; }
# README's table of what is proven, from all of the above.
regenerated "$R/proven.md" "$TOP/scripts/report/proven.sh"
exit $rc
