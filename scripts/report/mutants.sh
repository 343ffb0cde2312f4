#!/bin/bash
# report/mutants.sh POSTED DEEP: the kill table of two 'make mutants' logs,
# of the posted suite (mutants.sh posting: each mutant's twin in the
# posting's code) and of the deep suite (mutants.sh), on config.sh's LINE:
# the cases that caught each mutant. The deep suite's cases are numbered
# in the order of its KUNIT_CASE list, the posted suite's P1, P2, ...
set -eu
. "$(dirname "$0")/../config.sh"
posted=$1 deep=$2
cases() { grep -ohE '^\+[[:space:]]*KUNIT_CASE(_SLOW)?\([a-z0-9_]+\)' "$@" |
	sed 's/.*(\(.*\))/\1/'; }
# shellcheck disable=SC2046
pcases=$(cases $(test_patches)) dcases=$(cases "$DEEP")
killers() {	# killers LOG CASES PREFIX MUTANT: the cases that caught it
	local line n c
	line=$(grep -E "^$4 " "$1" || true)
	case $line in
	"") echo "not in that run" ;;
	*SURVIVED) echo survived ;;
	*"killed by ; then the test kernel crashed")
		echo "the test kernel crashed" ;;
	*) for c in $(echo "${line#*killed by }" | sed 's/;.*//' | tr -d ,); do
		n=$(echo "$2" | grep -nx "$c" | cut -d: -f1)
		if [ -n "$n" ]; then echo "$3$n"; else echo "$c"; fi
	   done | paste -sd, | sed 's/,/, /g' ;;
	esac
}
echo "| mutant (\`lines/$LINE/mutants/*.patch\`) | caught by the posted suite | caught by the deep suite |"
echo "| --- | --- | --- |"
deep_only= posted_only=
for m in $(grep -oE '^[0-9]{2}-[a-z0-9-]+' "$deep"); do
	p=$(killers "$posted" "$pcases" P "$m") d=$(killers "$deep" "$dcases" "" "$m")
	echo "| $m | $p | $d |"
	[ "$p" != survived ] || [ "$d" = survived ] || deep_only="$deep_only ${m%%-*}"
	[ "$d" != survived ] || [ "$p" = survived ] || posted_only="$posted_only ${m%%-*}"
done
echo
echo "Posted suite's cases: $(echo "$pcases" | awk '{ printf "%sP%d %s", (NR > 1 ? ", " : ""), NR, $0 }')."
echo
echo "Score: $(sed -n 's/^mutant score: //p' "$posted") by the posted suite," \
	"$(sed -n 's/^mutant score: //p' "$deep") by the deep suite." \
	"Caught only by the deep suite:${deep_only:- none}." \
	"Only by the posted suite:${posted_only:- none}."
