#!/bin/bash
# The concurrency suite on two CPUs of SMP UML, preemptible, with lockdep,
# DEBUG_LIST and DEBUG_ATOMIC_SLEEP (config.sh's RACE_UML): it passes on
# the series and on the RFC, and the kernel reports nothing; it fails
# without the fix and on each mutant of the line's mutants/race/, as
# results/mutants/race.log says, and on the RFC on each of its
# mutants/race/ (results/mutants/rfc-race.log).
set -eu
. "$(dirname "$0")/lib.sh"
only_debian
cd "$TREE"

# race_on BRANCH NAME: the suite passes on BRANCH, and no splat.
race_on() {
	local rc=0 json=$OUT/race-$1.json
	git checkout -q "$1"
	rm -f "$json"
	race_kunit "$json" || rc=1
	{ [ ! -f "$json" ] || failed_cases "$json"
	  splats "$BUILD/um-race/test.log" || true; } >"$RUN/race-$1.failed"
	[ -f "$json" ] && [ ! -s "$RUN/race-$1.failed" ] || rc=1
	report $rc "$2" "$RUN/race-$1.failed"
}
race_on series "the concurrency suite passes on 2 CPUs of SMP UML with lockdep, DEBUG_LIST, DEBUG_ATOMIC_SLEEP, no splat"
race_on rfc "RFC: the concurrency suite passes on 2 CPUs of SMP UML with lockdep, DEBUG_LIST, DEBUG_ATOMIC_SLEEP, no splat"
git checkout -q series
against "race mutants: the concurrency suite on 2 CPUs fails without the fix and on every mutant in ${MUTANTS#"$TOP"/}/race/" \
	mutants.sh race
against "RFC race mutants: the concurrency suite on 2 CPUs fails on every mutant in ${RFC_MUTANTS#"$TOP"/}/race/" \
	mutants.sh rfc-race
