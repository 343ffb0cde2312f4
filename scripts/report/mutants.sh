#!/bin/bash
# report/mutants.sh BEFORE AFTER: the kill table of two 'make mutants' logs,
# the cases that caught each mutant before and after a change of the suite.
# Cases are numbered in the order of the deep suite's KUNIT_CASE list.
set -eu
. "$(dirname "$0")/../config.sh"
before=$1 after=$2
cases=$(grep -oE '^\+[[:space:]]*KUNIT_CASE(_SLOW)?\([a-z0-9_]+\)' \
	"$DEEP" | sed 's/.*(\(.*\))/\1/')
number() { echo "$cases" | grep -nx "$1" | cut -d: -f1; }
killers() {	# killers LOG MUTANT: the numbers of the cases that caught it
	line=$(grep -E "^$2 " "$1" || true)
	case $line in
	"") ;;
	*SURVIVED) echo survived ;;
	*) for c in $(echo "${line#*killed by }" | tr -d ,); do
		n=$(number "$c"); echo "${n:-$c}"
	   done | paste -sd, | sed 's/,/, /g' ;;
	esac
}
label() { basename "$1" .log; }
echo "| mutant (\`lines/$DEFAULT_LINE/mutants/*.patch\`) | caught by the $(label "$before") suite | caught by the $(label "$after") suite |"
echo "| --- | --- | --- |"
only=
for m in $(grep -oE '^[0-9]{2}-[a-z0-9-]+' "$after"); do
	b=$(killers "$before" "$m") a=$(killers "$after" "$m")
	echo "| $m | ${b:-not in that run} | $a |"
	# survived before, caught now
	if [ "$b" = survived ] && [ -n "$a" ] && [ "$a" != survived ]; then
		only="$only ${m%%-*}"
	fi
done
echo
echo "Score: $(sed -n 's/^mutant score: //p' "$before") with the $(label "$before") suite," \
	"$(sed -n 's/^mutant score: //p' "$after") with the $(label "$after") suite." \
	"Caught only by the $(label "$after") suite:${only:- none}."
