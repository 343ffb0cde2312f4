#!/bin/bash
# make mutants: apply each deliberate bug in $MUTANTS (lines/LINE/mutants/;
# 6.12's lacks the cap's four) to the patched tree,
# rebuild incrementally, run the suites, and expect apparmor_buffer_cache to
# fail. Prints which cases caught each mutant and the score; fails if any
# mutant survives. "mutants.sh rfc": the bugs of $RFC_MUTANTS in the RFC's
# new code, on branch rfc. "mutants.sh race": the bugs of $MUTANTS/race/
# against the concurrency suite alone, on two CPUs of SMP UML (RACE_UML);
# a race shows only when the threads meet, so a mutant that survives a
# run gets up to ten (results/mutants/race-rate.log says how often one run
# catches each); it is killed if the suite fails or the test
# kernel crashes (stderr says which). "mutants.sh rfc-race": those
# of $RFC_MUTANTS/race/ on branch rfc. RUNS=N with race or rfc-race
# measures instead: the unchanged branch, each mutant and each of
# $MUTANTS/seldom/ (races the suite does not catch reliably) run N times;
# each line says in how many runs the suite failed. What it prints is
# saved in results/mutants/: as $MUTANTS_LOG, or MODE.log,
# MODE-rate.log (line-prefixed on a line but the default). "mutants.sh
# posting": the same bugs in the posting's code, each mutant's twin in
# $MUTANTS/posting/ (the same changed lines, in the code before the deep
# suite's seams), against the posted suite on branch posting; it fails
# only if a twin does not apply, as survivors are what its log is for.
set -eu
. "$(dirname "$0")/config.sh"

base=series suite=apparmor_buffer_cache tries=1 log=$OUT/mutant- smp=
kept=$MUTANTS_LOG
[ -z "${1:-}" ] || kept=$RESULTS_PREFIX$1${RUNS:+-rate}.log
run() { kunit "$BUILD/um" "$1"; }
case ${1:-} in
posting)
	base=posting suite=$POSTED_SUITE MUTANTS=$MUTANTS/posting ;;
rfc|rfc-race)
	[ -n "$RFC_PATCHES" ] || { say "no RFC for this tree: no RFC mutants"; exit 0; }
	base=rfc MUTANTS=$RFC_MUTANTS ;;
esac
case ${1:-} in
race|rfc-race)
	MUTANTS=$MUTANTS/race suite=$RACE_SUITE tries=10 log=$OUT/$1-mutant- smp=yes
	run() { race_kunit "$1"; } ;;
esac
ready
# changed PATCH: its changed lines; with -p, as the posting writes the
# deep suite's seams, which is how a twin's follow from its mutant's
changed() {
	local p=; [ "$1" != -p ] || { p=1; shift; }
	grep '^[-+][^-+]' "$1" | if [ -z "$p" ]; then cat; else sed -E '
		s/&pool->lock/pool->lock/g
		s/pool->buffer_count(\+\+|--)/(*pool->count)\1/g
		s/pool->reserve_count(\+\+|--)/(*pool->reserve)\1/g
		s/pool->buffer_count/*pool->count/g
		s/pool->reserve_count/*pool->reserve/g
		s/&pool->buffers/pool->list/g
		s/aa_alloc_buffer\(flags\)/kmalloc(aa_g_path_max, flags)/g
		s/struct aa_buffer_pool \*pool/const struct aa_buffer_pool *pool/g'
	fi
}
if [ "${1:-}" = posting ]; then	# every mutant has its twin, the same bug
	for m in "${MUTANTS%/posting}"/*.patch; do
		t=$MUTANTS/${m##*/}
		[ -f "$t" ] || die "${m#"$TOP"/} has no twin in ${MUTANTS#"$TOP"/}/"
		[ "$(changed -p "$m")" = "$(changed "$t")" ] ||
			die "${t#"$TOP"/} does not change the lines ${m#"$TOP"/} changes"
	done
fi
[ -z "$smp" ] || grep -q '^config SMP$' arch/um/Kconfig ||
	{ say "this tree's UML has no SMP: no race mutants"; exit 0; }
trap 'git checkout -q -f series' EXIT
killed=0 total=0 json=$OUT/mutant.json
# mutant NAME PATCH: branch mutant, $base with PATCH applied (none: as it
# is), committed as mutant NAME.
mutant() {
	git checkout -q -f -B mutant $base
	[ "$2" = none ] || git apply "$2" ||
		die "${2#"$TOP"/} no longer applies to branch $base"
	wb_git commit -q --allow-empty -a -m "mutant $1"
}
if [ -n "${RUNS:-}" ]; then
	[ -n "$smp" ] || die "RUNS=$RUNS: only for mutants.sh race or rfc-race"
	: >"$OUT/$kept"
	for m in none "$MUTANTS"/*.patch "$MUTANTS"/seldom/*.patch; do
		name=${m#"$MUTANTS"/} && name=${name%.patch}
		mutant "$name" "$m"
		failed=0
		for i in $(seq "$RUNS"); do
			rm -f "$json"
			if [ "$i" = 1 ]; then run "$json"; else race_exec "$json"
			fi >"$log${name//\//-}.log" 2>&1 || true
			[ -f "$json" ] || die "no result (build or boot failed: $log${name//\//-}.log)"
			! failed_cases "$json" | grep -q "^$suite\." ||
				failed=$((failed + 1))
		done
		printf '%-44s the suite failed in %d of %d runs\n' "$name" \
			$failed "$RUNS" | tee -a "$OUT/$kept"
	done
	save -k mutants "$OUT/$kept"
	exit 0
fi
: >"$OUT/$kept"
for m in "$MUTANTS"/*.patch; do
	name=$(basename "$m" .patch)
	total=$((total + 1))
	mutant "$name" "$m"
	for try in $(seq "$tries"); do
		rm -f "$json"
		run "$json" >"$log$name.log" 2>&1 || true
		[ -f "$json" ] && ! failed_cases "$json" | grep -q "^$suite\." ||
			break
	done
	[ "$tries" = 1 ] || say "$name: run $try of $tries"
	if [ ! -f "$json" ]; then
		verdict="no result (build or boot failed: $log$name.log)"
	elif caught=$(failed_cases "$json" | grep "^$suite\."); then
		killed=$((killed + 1))
		verdict="killed by $(echo "$caught" | sed -n "s/^$suite\.\(..*\)/\1/p" | paste -sd, | sed 's/,/, /g')"
		# a case without a name: the test kernel died before it reported
		! echo "$caught" | grep -qx "$suite\." ||
			verdict="$verdict; then the test kernel crashed"
		# A race shows as a failed check of the suite's one case or,
		# when the corrupted list is used first, as a crash of the
		# test kernel in that case; which, is timing. Both kill it.
		[ -z "$smp" ] || { say "$name: $verdict"; verdict=killed; }
	else
		verdict="SURVIVED"
	fi
	printf '%-36s %s\n' "$name" "$verdict" | tee -a "$OUT/$kept"
done
echo "mutant score: $killed of $total killed" | tee -a "$OUT/$kept"
save -k mutants "$OUT/$kept"
# The posted suite need not kill every mutant: its log says which it does.
[ "$killed" = "$total" ] || [ "${1:-}" = posting ]
