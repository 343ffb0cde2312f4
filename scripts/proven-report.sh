#!/bin/bash
# proven-report.sh: README's table of what is proven, each row a claim, its
# numbers as the saved results in results/ (and the series in patches/)
# have them, and the page with the evidence. make check compares it with
# results/proven.md and requires README.md to quote it.
set -eu
. "$(dirname "$0")/config.sh"
cd "$TOP"
for f in tests/negative-control.expected tests/negative-control-6.12.expected \
	results/mutants/kills.md results/mutants/6.12.log results/search/search.md \
	results/matrix.md results/faults/faults.md results/faults-rt/faults.md \
	results/x86/x86.summary results/x86/x86-rt.summary results/insns/7.3.txt \
	results/check-all.log results/fresh/cold.md results/preempt/matrix.md \
	results/rfc/search.md results/rfc/negative.txt results/mutants/rfc.log \
	results/x86/x86-rt-rfc.summary; do
	[ -f "$f" ] || { echo "error: no $f" >&2; exit 1; }
done

cases() { grep -c '^+	KUNIT_CASE' "$1"/0003-*.patch; }
lines() { grep -c . "$1"; }
# wraps DIR-GLOB KERNEL: "N of M" runs of KERNEL whose pool table has a
# first wrap (the pool table is the one with 9 columns; the run table has 8).
# (DIR-GLOB is left unquoted on purpose: it names several files.)
wraps() {
	awk -F' [|] ' -v k="$2" 'NF == 9 && $1 == "| " k {
		n++; if ($6 != "never") w++ } END { printf "%d of %d", w, n }' $1
}
# conserv DIR-GLOB: "N of M" pool samples that failed conservation.
conserv() {
	awk -F' [|] ' 'NF == 9 && ($1 == "| prefix" || $1 == "| fixed") {
		s += $3; if ($9 != "none |") f++ } END { printf "%d of %d", f, s }' $1
}
verdicts() {
	awk -F' [|] ' '/^[|] [a-z]/ && $NF ~ /^(PASS|FAIL)/ { n++; if ($NF == "PASS |") p++ }
		END { printf "%d of %d", p, n }' "$1"
}
insns() { awk -v c="$1" '$1 == "total" { print $c }' results/insns/7.3.txt; }
mins() { echo "$(($1 / 60)) min $(($1 % 60)) s"; }
# secs ROW: the seconds of the row of results/fresh/cold.md that starts so.
secs() {
	grep -F -- "| $1" results/fresh/cold.md | head -1 |
		sed 's/.* \([0-9]*\) min \([0-9]*\) s |$/\1 \2/' | awk '{ print $1 * 60 + $2 }'
}
search() { awk -F' [|] ' -v c="$1" '$3 == c { if ($5 > m) m = $5 } END { print m }' \
	results/search/search.md; }
calls=$(awk -F' [|] ' '$6 ~ /^[0-9]+$/ { s += $6 } END { print s }' results/search/search.md)
growth=$(awk -F' [|] ' '$3 == 2 && $4 == 1 { sub(/ [|]$/, "", $8); n = split($8, a, " ")
 print "from", a[1], "after 1 operation to", a[n], "after", n }' \
	results/search/search.md | tail -1)
# ran SUMMARY: "N of N and M of M" cases of a make x86 report
ran() {
	sed -n 's/^.*: Ran \([0-9]*\) tests: passed: \([0-9]*\)$/\2 of \1/p' "$1" |
		paste -sd, | sed 's/,/ and /g'
}
# booted SUMMARY: what a make x86 report says of its cases and its console
booted() { echo "$(ran "$1") cases pass, $(sed -n 's/^PASS: //p' "$1")"; }

row() { echo "| $1 | $2 | [$3](docs/$4.md) |"; }
echo "| claim | measured | evidence |"
echo "| --- | --- | --- |"
row "Without patch 1 the buffer suite fails; with it every case passes" \
	"$(lines tests/negative-control.expected) of $(cases patches) cases fail on 7.3's pre-fix tree, $(lines tests/negative-control-6.12.expected) of $(cases patches/6.12) on 6.12's" \
	"the suite" suite
row "The real functions agree with a reference model after every call of every short sequence, a task moving to another CPU inside a call included" \
	"up to $(search 2) operations on 2 CPUs, $(search 3) on 3: $calls calls" "the suite" suite
row "The suite catches one-line bugs in the buffer code" \
	"$(sed -n 's/.*, \([0-9]* of [0-9]*\) killed with the v[0-9]* suite\..*/\1/p' results/mutants/kills.md) mutants killed on 7.3, $(sed -n 's/^mutant score: \([0-9]* of [0-9]*\) killed$/\1/p' results/mutants/6.12.log) on 6.12" \
	mutants mutants
row "The series applies, passes and fails without the fix on every Debian line with the cache" \
	"$(grep -c '| PASS | PASS | PASS |$' results/matrix.md) of $(grep -c '^| [0-9]' results/matrix.md) kernel lines" \
	"kernel lines" kernel-lines
r73='results/repro/[0-9]-*/runs.md'
row "A booted pre-fix 7.3 kernel wraps a hold under an execve storm; the fixed one does not" \
	"a hold wrapped in $(wraps "$r73" prefix) pre-fix runs, $(wraps "$r73" fixed) fixed runs; conservation of buffers failed in $(conserv "$r73") samples of the pool" \
	"QEMU reproduction" repro
row "On 6.12 the preemption model decides whether it shows" \
	"pre-fix: $(wraps results/repro/6.12-4-vcpus-240-s/runs.md prefix) runs wrapped under PREEMPT_NONE, $(wraps results/repro/6.12-4-vcpus-240-s-preempt/runs.md prefix) under PREEMPT; fixed: $(wraps 'results/repro/6.12-*/runs.md' fixed)" \
	preemption preemption
# exposed LINE KERNEL: "MODEL N of M" runs with a traced wrap, per model of
# make preempt's matrix, at 4 vCPUs and 120 s (not the migration storm).
exposed() {
	awk -F' [|] ' -v l="$1" -v k="$2" '$1 == "| " l && $3 == 4 && $5 == k &&
		$4 == 120 && $2 !~ /untraced/ {
		split($7, w, ", "); printf "%s%s %d of %d", s, $2, w[1], $6; s = ", " }' \
		results/preempt/matrix.md
}
row "Debian's kernels without the fix, under the preemption models they can boot with" \
	"runs with a wrap event, pre-fix 7.3: $(exposed 7.3 prefix); pre-fix 6.12: $(exposed 6.12 prefix); fixed 7.3: $(exposed 7.3 fixed); fixed 6.12: $(exposed 6.12 fixed)" \
	preemption preemption
row "The fixed pool still has no bound on its size" \
	"most buffers allocated over every sequence, one buffer held at a time: $growth" \
	"the suite" suite
# migration STORM COLUMN: column COLUMN of the row of STORM (plain or
# migration) in make preempt's table of the migration storm (whose sixth
# column is the runs; the RFC's table has the kernel there)
migration() {
	awk -F' [|] ' -v s="$1" -v c="$2" '$5 == s && $6 ~ /^[0-9]+$/ { print $c }' \
		results/preempt/matrix.md
}
row "A booted fixed kernel driven toward that schedule, by a storm that moves tasks between CPUs, did not grow" \
	"7.3 at preempt=full, $(migration migration 6) runs of $(migration migration 4) s per storm: puts on a CPU whose hold was up $(migration migration 9) per run (plain storm: $(migration plain 9)); buffers allocated after warm-up $(migration migration 10) (plain: $(migration plain 10)); most on CPU lists in a sample $(migration migration 11) (plain: $(migration plain 11))" \
	preemption preemption
# bound COLUMN CPUS [CASE]: the rows of the RFC's search on CPUS CPUs of
# the bound case (or CASE), COLUMN 5: the most operations, 6: the calls in all
bound() { awk -F' [|] ' -v c="$1" -v n="$2" -v k="${3:-allocated_within}" '$1 ~ k && $3 == n {
	if (c == 6) s += $6; else if ($5 > s) s = $5 } END { print s }' results/rfc/search.md; }
shrinker=shrinker_returns
beyond=$(awk -F' [|] ' '$1 ~ /allocated_within/ && $3 == 2 && $4 == 1 {
	sub(/ [|]$/, "", $9); n = split($9, a, " "); m = 0
	for (i = 1; i <= n; i++) if (a[i] > m) m = a[i]; print m, n }' results/rfc/search.md | tail -1)
row "The RFC's pool stays within buffers held + reserve + 2 per CPU after every call of every sequence; today's pool does not" \
	"up to $(bound 5 2) operations on 2 CPUs, $(bound 5 3) on 3: $(($(bound 6 2) + $(bound 6 3))) calls; one buffer held on 2 CPUs: at most ${beyond% *} beyond the reserve in ${beyond#* } operations; on today's pool: $(head -1 results/rfc/negative.txt); $(sed -n 's/^mutant score: \([0-9]* of [0-9]*\) killed$/\1/p' results/mutants/rfc.log) mutants of its new code killed" \
	"the RFC" rfc
row "After reclaim, the RFC's pool is back to buffers held then + reserve + 2 per CPU, whatever it held before" \
	"the shrinker among the operations, up to $(bound 5 2 $shrinker) operations on 2 CPUs, $(bound 5 3 $shrinker) on 3: $(($(bound 6 2 $shrinker) + $(bound 6 3 $shrinker))) calls; $(grep -c '^0[5-9]-.* killed by' results/mutants/rfc.log) of $(grep -c '^0[5-9]-' results/mutants/rfc.log) mutants of the shrinker killed, $(grep -c '^0[5-9]-.*shrinker_returns' results/mutants/rfc.log) of them by this bound" \
	"the RFC" rfc
# reclaim KERNEL COLUMN: that column of make reclaim's runs of KERNEL, joined
reclaim() { awk -F' [|] ' -v k="$1" -v c="$2" '$1 == "| " k { s = s (s ? "; " : "") $c }
	END { print s }' results/reclaim/reclaim.md; }
row "On a booted 7.3, memory pressure gives the RFC's spare buffers back; today's pool keeps them" \
	"$(grep -c '^| rfc |' results/reclaim/reclaim.md) runs per kernel (runs apart by ;), a storm then all of MemAvailable taken. Free buffers, global list and CPU lists, at the end of the storm, then after the pressure with the reserve: RFC $(reclaim rfc 4), then $(reclaim rfc 6), its shrinker freed $(reclaim rfc 7); today's pool $(reclaim fixed 4), then $(reclaim fixed 6)" \
	"the RFC" rfc
row "On a booted PREEMPT_RT debug kernel (lockdep, DEBUG_ATOMIC_SLEEP, KASAN, kmemleak) the RFC's suites pass, its locks without a splat" \
	"$(booted results/x86/x86-rt-rfc.summary)" \
	"the RFC" rfc
row "Booted debug and PREEMPT_RT kernels, fault injection and memory pressure: every case passes, no buffer lost, no leak, no splat" \
	"$(verdicts results/faults/faults.md) scenarios pass, $(verdicts results/faults-rt/faults.md) on PREEMPT_RT; the suites as modules on a debug kernel: $(booted results/x86/x86.summary); on its PREEMPT_RT build: $(booted results/x86/x86-rt.summary)" \
	"booted kernels" faults
row "The test seam costs nothing without CONFIG_KUNIT" \
	"$(insns 2) instructions in the buffer functions before it, $(insns 3) after" \
	"the suite" suite
row "Every check of the last make check-all, $(sed -n '1s/^make check-all of \([0-9a-f]*\),.*/of \1/p' results/check-all.log)" \
	"$(tail -1 results/check-all.log), $(sed -n 's/.*, \([0-9]* min [0-9]* s\):$/\1/p' results/check-all.log) without \`make fresh\`" \
	"the checks" checks
make=$(secs '`make`')
cold=$((make + $(secs '`make check`')))
budget="inside the 45-minute budget"
[ "$cold" -lt 2700 ] || budget="OVER the 45-minute budget"
row "A cold make check, as CI runs it on a new Debian 12: \`make fresh\` $(sed -n '1s/^`make fresh` \(of [0-9a-f]*\):.*/\1/p' results/fresh/cold.md)" \
	"$(mins "$cold"), $budget: \`make\` $(mins "$make"), then the checks, of which the mutants $(mins "$(secs mutants:)"), 6.12's KUnit run with its cold UML build $(mins "$(secs '6.12: KUnit')"), the walk $(mins "$(secs 'every patch:')")" \
	"the checks" checks
