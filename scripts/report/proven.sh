#!/bin/bash
# report/proven.sh: README's table of what is proven, each row a claim, its
# numbers as the saved results in results/ (and the series in patches/)
# have them, and the page with the evidence. It reads the reports' tables
# from their CSV files (table_get), by column name. make check compares it
# with results/proven.md and requires README.md to quote it.
set -eu
. "$(dirname "$0")/../config.sh"
cd "$TOP"
for f in results/search/search.csv results/fresh/cold.log \
	results/matrix.csv results/faults/faults.csv results/faults-rt/faults.csv \
	results/x86/x86.summary results/x86-rt/x86-rt.summary results/insns/$DEFAULT_LINE.txt \
	results/check-all.log results/fresh/cold.csv results/preempt/matrix.csv \
	results/preempt/migration.csv \
	results/rfc/closed.csv results/rfc/negative.txt results/mutants/rfc.log \
	results/x86-rt-rfc/x86-rt-rfc.summary results/bench-lstat/lstat.csv \
	results/bench-pairs/pairs-table.csv results/mutants/race.log \
	results/mutants/rfc-race.log results/mutants/race-rate.log \
	results/reclaim/reclaim.csv results/distro/distro.csv \
	results/distro/distro-readings.csv; do
	[ -f "$f" ] || { echo "error: no $f" >&2; exit 1; }
done

cases() { cat "$@" | grep -c '^+	KUNIT_CASE'; }
lines() { grep -c . "$1"; }
# each_line FUNCTION FIRST REST: what FUNCTION LINE prints, with LINE's
# facts, for each line it prints something for, joined by ", ": the first
# through the printf format FIRST (what, line), the rest through REST.
each_line() {
	local l n out=
	for l in $LINES; do
		n=$(line_facts "$l"; "$1" "$l")
		[ -n "$n" ] || continue
		# shellcheck disable=SC2059
		if [ -z "$out" ]; then out=$(printf "$2" "$n" "$l")
		else out="$out, $(printf "$3" "$n" "$l")"; fi
	done
	echo "$out"
}
# negative LINE: "N of M" cases of the posted suite that fail without
# the fix, if LINE has a negative control of its own (7.2 takes 7.3's);
# deep_negative LINE: the same of the deep suite
negative() {
	[ "$NEGATIVE" != "$TOP/lines/$1/negative-control.expected" ] ||
		echo "$(lines "$NEGATIVE") of $(cases $(series_patches))"
}
deep_negative() {
	[ "$DEEP_NEGATIVE" != "$TOP/lines/$1/deep-negative.expected" ] ||
		echo "$(lines "$DEEP_NEGATIVE") of $(cases "$DEEP")"
}
# score LOG: "N of M" of make mutants' LOG (in results/mutants/), if make
# check or make check-all runs the line's mutants
score() {
	[ "$CHECKED_BY" = check ] || return 0
	local log=results/mutants/$1
	[ -f "$TOP/$log" ] || die "no $log"
	sed -n 's/^mutant score: \([0-9]* of [0-9]*\) killed$/\1/p' "$TOP/$log"
}
# killed, posted_killed LINE: the deep suite's score, the posted suite's
killed() { score "$MUTANTS_LOG"; }
posted_killed() { score "$POSTED_MUTANTS_LOG"; }
# most, sum: of the numbers on standard input
most() { sort -n | tail -1; }
sum() { awk '{ s += $1 } END { print s + 0 }'; }
# wraps DIR-GLOB KERNEL: "N of M" complete runs of KERNEL whose pool table
# has a first wrap. (DIR-GLOB is left unquoted on purpose: it names several
# directories.)
wraps() {
	for d in $1; do
		table_get "$d/runs-pool.csv" 'first wrap at' kernel="$2"
	done | awk 'NF { n++; if ($0 != "never") w++ } END { printf "%d of %d", w, n }'
}
# conserv DIR-GLOB: "N of M" pool samples that failed conservation.
conserv() {
	for d in $1; do
		for k in prefix fixed; do
			table_get "$d/runs-pool.csv" samples 'conservation failures' kernel=$k
		done
	done | awk -F'\t' '$1 ~ /^[0-9]+$/ { s += $1; if ($2 != "none") f++ }
		END { printf "%d of %d", f, s }'
}
verdicts() {
	table_get "$1" verdict | awk '{ n++; if ($0 == "PASS") p++ } END { printf "%d of %d", p, n }'
}
insns() { awk -v c="$1" '$1 == "total" { print $c }' results/insns/$DEFAULT_LINE.txt; }
# secs ROW: the seconds of the first row of results/fresh/cold.csv that
# starts so.
secs() {
	table_get results/fresh/cold.csv 'command, or check of `make check`' time |
		awk -F'\t' -v r="$1" 'index($1, r) == 1 { split($2, t, " "); print t[1] * 60 + t[3]; exit }'
}
# result ROW: the result of that row.
result() {
	table_get results/fresh/cold.csv 'command, or check of `make check`' result |
		awk -F'\t' -v r="$1" '$1 == r { print $2; exit }'
}
s=results/search/search.csv
search() { table_get $s operations CPUs="$1" | most; }
calls=$(table_get $s 'calls run' | sum)
growth=$(table_get $s 'most buffers allocated after 1, 2, ... operations' CPUs=2 \
	'held at most=1' | tail -1 |
	awk '{ print "from", $1, "after 1 operation to", $NF, "after", NF }')
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
row "Without the fix the posted suite fails; with it every case passes" \
	"$(each_line negative "%s cases fail on %s's pre-fix tree" "%s on %s's"); the deep suite: $(each_line deep_negative "%s on %s's" "%s on %s's")" \
	"the posting" posting
row "The real functions agree with a reference model after every call of every short sequence, a task moving to another CPU inside a call included" \
	"up to $(search 2) operations on 2 CPUs, $(search 3) on 3: $calls calls" "the suite" suite
row "The deep suite catches every one-line bug of the buffer code tried; the posted suite, those of hold and the flow back" \
	"the deep suite: $(each_line killed "%s mutants killed on %s" "%s on %s"); the posted suite: $(each_line posted_killed "%s on %s" "%s on %s")" \
	mutants mutants
row "Calls at the same time on two CPUs keep every buffer in one place, and the concurrency suite sees when they do not" \
	"on SMP UML with 2 CPUs, preemptible, lockdep and DEBUG_LIST: it passes on the series and the RFC with no splat, and kills $(sed -n 's/^mutant score: \([0-9]* of [0-9]*\) killed$/\1/p' results/mutants/race.log) race mutants, the bug patch 1 fixes among them, and $(sed -n 's/^mutant score: \([0-9]* of [0-9]*\) killed$/\1/p' results/mutants/rfc-race.log) of the RFC's; not a put that adds to the cache after giving it back ($(sed -n 's/^seldom.* failed in \([0-9]* of [0-9]*\) runs$/\1/p' results/mutants/race-rate.log) runs)" \
	"the suite" suite
row "The series applies, passes and fails without the fix on every Debian line with the cache" \
	"$(table_get results/matrix.csv 'git am on pre-fix and stock' 'KUnit on UML, patched' \
		'negative control' | grep -cx 'PASS	PASS	PASS') of $(table_get results/matrix.csv 'kernel line' | wc -l) kernel lines" \
	"kernel lines" kernel-lines
# make repro's runs of the default line carry no line prefix
r='results/repro/[0-9]-*/'
row "A booted pre-fix $DEFAULT_LINE kernel wraps a hold under an execve storm; the fixed one does not" \
	"a hold wrapped in $(wraps "$r" prefix) pre-fix runs, $(wraps "$r" fixed) fixed runs; conservation of buffers failed in $(conserv "$r") samples of the pool" \
	"QEMU reproduction" repro
# the lines whose storm ran under PREEMPT too (FRAGMENT=configs/preempt.config)
for l in ${LINES#* }; do
	r=results/repro/$l-4-vcpus-240-s
	[ -d "$r-preempt" ] || continue
	row "Under the execve storm alone, one buffer per call, on $l the preemption model decides whether it shows" \
		"pre-fix: $(wraps "$r" prefix) runs wrapped under PREEMPT_NONE, $(wraps "$r-preempt" prefix) under PREEMPT; fixed: $(wraps "results/repro/$l-*/" fixed)" \
		preemption preemption
done
# exposed LINE KERNEL: "MODEL N of M" runs with a traced wrap, per model of
# make preempt's matrix, at 4 vCPUs and 120 s (not the migration storm).
exposed() {
	table_get results/preempt/matrix.csv model 'runs with a wrap: trace, pool reader' \
		runs line="$1" vCPUs=4 kernel="$2" 'load, s=120' |
		awk -F'\t' '$1 !~ /untraced/ { split($2, w, ", ")
			printf "%s%s %d of %d", s, $1, w[1], $3; s = ", " }'
}
# each kernel of each line in make preempt's matrix, in the order of LINES
preempted=$(for k in prefix fixed; do
	for l in $LINES; do
		table_get results/preempt/matrix.csv line | grep -qxF "$l" || continue
		echo "$(sed 's/prefix/pre-fix/' <<<"$k") $l: $(exposed "$l" "$k")"
	done
done | paste -sd';' | sed 's/;/; /g')
row "Debian's kernels without the fix, under the preemption models they can boot with" \
	"runs with a wrap event, $preempted" preemption preemption
# make preempt LOAD=link, mount: runs with a traced wrap per kernel, line,
# model and load, and the links or mounts per run
if [ -f results/preempt/loads.csv ]; then
	loaded=$(table_get results/preempt/loads.csv kernel line model \
		'beside the storm' 'runs with a wrap: trace, pool reader' runs \
		'links or mounts per run' | awk -F'\t' '{ split($5, w, ", ")
			k = $1 == "prefix" ? "pre-fix" : $1
			printf "%s%s %s %s, %s: %d of %d (%s per run)", s, k, $2, $3,
				$4, w[1], $6, $7; s = "; " }')
	row "Our own builds with Debian's preemption options, the storm beside confined tasks that hold two buffers at once" \
		"runs with a wrap event, per kernel, model and load (links or mounts per run): $loaded" \
		preemption preemption
fi
row "The fixed pool still has no bound on its size" \
	"most buffers allocated over every sequence, one buffer held at a time: $growth" \
	"the suite" suite
# migration STORM COLUMN: COLUMN of the row of STORM (plain or migration)
# in make preempt's table of the migration storm
migration() {
	table_get results/preempt/migration.csv "$2" "storm on the fixed kernel=$1"
}
up='of those, puts on a CPU with hold above 0'
after='aa_get_buffer kmallocs after warm-up' top='most buffers on CPU lists in a sample'
row "A booted fixed kernel driven toward that schedule, by a storm that moves tasks between CPUs, did not grow" \
	"$(migration migration line) at preempt=$(migration migration model), $(migration migration runs) runs of $(migration migration 'load, s') s per storm: puts on a CPU whose hold was up $(migration migration "$up") per run (plain storm: $(migration plain "$up")); buffers allocated after warm-up $(migration migration "$after") (plain: $(migration plain "$after")); most on CPU lists in a sample $(migration migration "$top") (plain: $(migration plain "$top"))" \
	preemption preemption
# closed COLUMN: that column of the RFC's closed search, a row a line
closed() { table_get results/rfc/closed.csv "$1"; }
largest=$(table_get results/rfc/closed.csv CPUs 'held at most' 'reachable states' \
	'closed at depth' | sort -t"$(printf '\t')" -k3n | tail -1 |
	awk -F'\t' '{ print $3 " states (" $1 " CPUs, " $2 " held), closed at depth " $4 }')
kills() { sed -n 's/^mutant score: \([0-9]* of [0-9]*\) killed$/\1/p' results/mutants/rfc.log; }
reach=every_reachable_state
row "The RFC's pool stays within buffers held + reserve + 2 per CPU in every state it can reach; today's pool does not" \
	"every state reachable on $(closed CPUs | sort -u | paste -sd, | sed 's/,\([^,]*\)$/ and \1/; s/,/, /g') CPUs with up to $(closed 'held at most' | most) buffers held: $(closed 'reachable states' | sum) states in all, the most $largest; on today's pool, 2 CPUs, one buffer held: $(sed -n '1s/.*from a new pool: //p' results/rfc/negative.txt) $(sed -n '2s/^the last of these //p' results/rfc/negative.txt); $(kills) mutants of its new code killed" \
	"the RFC" rfc
# reclaim COLUMN KERNEL: make reclaim's column for KERNEL, its runs apart by ;
reclaim() { per_run results/reclaim/reclaim.csv "$1" "$2"; }
after='after: global list, CPU lists, reserve'
row "After its shrinker has freed all it may, the RFC's pool is back to buffers held then + reserve + 2 per CPU, whatever it held before; real reclaim, which asks for half, leaves one buffer more" \
	"the shrinker among the operations of the same search, this bound checked right after each of its calls; $(grep -c '^[0-9]*-shr.* killed by' results/mutants/rfc.log) of $(grep -c '^[0-9]*-shr' results/mutants/rfc.log) mutants of the shrinker killed, $(grep -c "^[0-9]*-shr.*$reach" results/mutants/rfc.log) of them by this search. Booted ($DEFAULT_LINE under TCG, 4 vCPUs, the storm with the reserve raised, then memory pressure or drop_caches), free buffers after, global list, CPU lists, reserve, per run: the RFC $(reclaim "$after" rfc), its shrinker freeing $(reclaim 'buffers the shrinker freed' rfc); today's pool $(reclaim "$after" fixed)" \
	"the RFC" rfc
row "A CPU that goes offline gives the buffers on its list back to the global list (the RFC)" \
	"the case dead_cpu_cache_goes_back_to_global_list calls the hotplug callback's function; $(grep -c '^[0-9]*-dead-cpu.* killed by' results/mutants/rfc.log) of $(grep -c '^[0-9]*-dead-cpu' results/mutants/rfc.log) mutants of it killed. Booted (make reclaim), the CPU taken offline: its list, the global list, before to after, per run: the RFC $(reclaim 'CPU offlined: its list, the global list, before to after' rfc); today's pool $(reclaim 'CPU offlined: its list, the global list, before to after' fixed) (its list was empty before)" \
	"the RFC" rfc
row "On a booted PREEMPT_RT debug kernel (lockdep, DEBUG_ATOMIC_SLEEP, KASAN, kmemleak) the RFC's suites pass, its locks without a splat" \
	"$(booted results/x86-rt-rfc/x86-rt-rfc.summary)" \
	"the RFC" rfc
# lstat COLUMN VCPUS DESIGN: a cell of make bench-lstat's table (TCG)
lstat() {
	table_get results/bench-lstat/lstat.csv "$1" vCPUs="$2" design="$3"
}
# uml COLUMN CPUS INIT_ON_ALLOC DESIGN: a cell of make bench-pairs' table,
# one buffer held (mode one)
uml() {
	table_get results/bench-pairs/pairs-table.csv "$1" "UML CPUs=$2" \
		init_on_alloc="$3" mode=one design="$4"
}
locks='locks per 1,000 pairs' failed='failed trylocks per 1,000 pairs'
ratio="over today's, per round" over="over today's pool, per round"
row "Today's per-CPU cache keeps get/put pairs off the global lock only while the lock is contended; the RFC's pool without hold, its CPU cache first, keeps them off it; the allocator alone never takes it, at a cost per pair that Debian's init_on_alloc sets" \
	"natively, on 1 and 2 CPUs of SMP UML, counted in the timed run, one buffer held: today's pool takes the pool lock $(uml "$locks" 1 1 fixed) and $(uml "$locks" 2 1 fixed) times per 1,000 pairs, with $(uml "$failed" 2 1 fixed) failed trylocks on 2; the RFC $(uml "$locks" 1 1 rfc) and $(uml "$locks" 2 1 rfc); pairs/s over today's pool: the RFC $(uml "$ratio" 1 1 rfc) and $(uml "$ratio" 2 1 rfc), plain kmalloc() on 2 CPUs $(uml "$ratio" 2 1 kmalloc) with init_on_alloc=1 (Debian's default) and $(uml "$ratio" 2 0 kmalloc) with it off, the mempool $(uml "$ratio" 2 1 alloc) and $(uml "$ratio" 2 0 alloc) (5 rounds, median and range). Confined lstat() under TCG, 1 vCPU, calls/s over today's pool booted in the same round (5 rounds, median and range): the RFC $(lstat "$over" 1 rfc), the mempool $(lstat "$over" 1 alloc), plain kmalloc() $(lstat "$over" 1 kmalloc)" \
	"make bench" bench
row "Booted debug and PREEMPT_RT kernels, fault injection and memory pressure: every case passes, no buffer lost, no leak, no splat" \
	"$(verdicts results/faults/faults.csv) scenarios pass, $(verdicts results/faults-rt/faults.csv) on PREEMPT_RT; the suites as modules on a debug kernel: $(booted results/x86/x86.summary); on its PREEMPT_RT build: $(booted results/x86-rt/x86-rt.summary)" \
	"booted kernels" faults
row "The posted hooks cost nothing without CONFIG_KUNIT" \
	"$(insns 2) instructions in the buffer functions before them, $(insns 3) after; with CONFIG_KUNIT=m, as distributions build it, $(insns 4) before, $(insns 5) after, the hooks' out-of-line copies included" \
	"the posting" posting
row "Every check of the last make check-all, $(sed -n '1s/^make check-all of \([0-9a-f]*\),.*/of \1/p' results/check-all.log)" \
	"$(tail -1 results/check-all.log), $(sed -n '1s/^make check-all of [0-9a-f]*, [^,]*, \(.*\):$/\1/p' results/check-all.log)" \
	"the checks" checks
make=$(secs '`make`')
cold=$((make + $(secs '`make check`')))
# dumps COLUMN...: those columns of make dumps' table, a row a line
dumps() { table_get results/dumps/dumps.csv "$@"; }
row "tools/aa-buffers, for the people who run these kernels, says a hold wrapped on dumps of pre-fix kernels only, and reads what the gdbstub reader reads" \
	"$(dumps line kernel | wc -l) dumps ($(dumps line kernel | tr '\t' ' ' | paste -sd, | sed 's/,/, /g')), each taken with a reader's sample: exit 1 on $(dumps line kernel 'exit status=1' | tr '\t' ' ' | paste -sd, | sed 's/,/, /g') only; columns equal to the reader's: $(dumps 'columns as the gdbstub reader read them' | paste -sd, | sed 's/,/, /g')" \
	"checking a machine" dumps
# distro COLUMN...: those columns of make distro's table, a row a run
# (of DISTRO_CSV, default the storm alone's)
distro() { table_get "${DISTRO_CSV:-results/distro/distro.csv}" "$@"; }
# distro_wraps: "KERNEL MODEL N of M" runs whose hold wrapped, in order
distro_wraps() {
	distro kernel model 'CPUs whose hold wrapped, after' | awk -F'\t' '
		{ k = $1 " " $2; if (!(k in n)) o[++m] = k
		  n[k]++; w[k] += $3 != "none" }
		END { for (i = 1; i <= m; i++)
			printf "%s%s %d of %d", (i > 1 ? ", " : ""), o[i], w[o[i]], n[o[i]] }'
}
# agree HOW: "N of M" dumps whose host reading with HOW (BTF, DWARF) has
# every column and the exit status of the guest's
agree() {
	table_get results/distro/distro-readings.csv 'columns equal' columns \
		"host's exit" "guest's exit" how="$1" | awk -F'\t' '{ n++
		if ($1 == $2 && $3 == $4) a++ } END { printf "%d of %d", a, n }'
}
# span COLUMN: "from A to B" over every number of make distro's COLUMN
span() {
	distro "$1" | tr -s ', ' '\n\n' | sort -n |
		sed -n '1s/^/from /p; $s/^/to /p' | paste -sd' '
}
# wrapped_in YES-OR-NO: "KERNEL (MODEL, ...)" where a run of a kernel
# whose "has 640cf2f09575" is YES-OR-NO wrapped a hold; "none" if none did
wrapped_in() {
	distro kernel model 'CPUs whose hold wrapped, after' \
		"has 640cf2f09575=$1" | awk -F'\t' '$3 != "none" {
			if (!($1 in m)) o[++n] = $1
			if (index(", " m[$1] ", ", ", " $2 ", ")) next
			m[$1] = m[$1] (m[$1] == "" ? "" : ", ") $2 }
		END { for (i = 1; i <= n; i++)
			printf "%s%s (%s)", (i > 1 ? "; " : ""), o[i], m[o[i]]
		if (!n) printf "none" }'
}
row "Debian's own binaries under the storm alone: those without the fix wrapped a hold in: $(wrapped_in no); with the fix: $(wrapped_in yes); tools/aa-buffers says so in the guest without a -dbg package and on the dump" \
	"runs with a wrap, per kernel and model: $(distro_wraps); kmalloc-8k in use $(span 'kmalloc-8k in use, first and last sample') objects; the host's reading of the dump equal to the guest's, every column and the exit status: with BTF and kallsyms $(agree BTF), with the -dbg's DWARF $(agree DWARF)" \
	"Debian's own kernels" distro
# The storm with tasks beside it that hold two path buffers at once.
for load in link mount; do
	f=results/distro-$load/distro-$load.csv
	[ -f "$TOP/$f" ] || continue
	export DISTRO_CSV=$f
	row "Beside confined tasks whose every ${load} holds two path buffers at once, Debian's kernels without the fix wrapped a hold in: $(wrapped_in no); with the fix: $(wrapped_in yes)" \
		"runs with a wrap, per kernel and model: $(distro_wraps); ${load}s per run $(span "${load}s"), execs $(span execs)" \
		"Debian's own kernels" distro
	unset DISTRO_CSV
done
# the other lines that make check runs the series checks on: their KUnit
# runs build UML cold
kunit_other=$(for l in ${LINES#* }; do
	(line_facts "$l"; [ "$CHECKED_BY" != check ] ||
	 echo "$l's KUnit run with its cold UML build $(mins "$(secs "$l: KUnit")"),")
done)
budget="inside the 45-minute budget"
[ "$cold" -lt 2700 ] || budget="OVER the 45-minute budget"
row "A cold make check, as CI runs it on a new Debian 12: \`make fresh\` of $(sed -n '1s/^fresh: workbench at \([0-9a-f]*\)$/\1/p' results/fresh/cold.log)" \
	"$(result '`make check`'), in $(mins "$cold"), $budget: \`make\` $(mins "$make"), then the checks, of which the mutants $(mins "$(secs mutants:)"), $kunit_other the walk $(mins "$(secs 'every patch:')")" \
	"the checks" checks
