#!/bin/bash
# report/matrix.sh LOG: README's table of kernel lines from a make check-all
# log (results/check-all.log): for each line Debian serves with the per-CPU
# cache, the package the workbench pinned and, as the log has them, whether
# the series applied, its KUnit suites passed under UML, and the negative
# control failed exactly as expected; also saved as CSV, for
# report/proven.sh.
# Usage: scripts/report/matrix.sh LOG CSV
set -eu
. "$(dirname "$0")/../config.sh"
log=$1 csv=$2
[ -f "$log" ] || die "no $log"
{ printf 'kernel line\tDebian package\tseries\tgit am on pre-fix and stock\tKUnit on UML, patched\tnegative control\n'
for line in $LINES; do
	(LINE=$line; . "$(dirname "$0")/../config.sh"
	 verdict() {
		v=$(sed -n "s/^\(PASS\|FAIL\): $LABEL$1.*/\1/p" "$log")
		echo "${v:-not run}"
	 }
	 printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$line" "$DEB_PACKAGE $DEB_VERSION" \
		"${PATCHES#"$TOP"/}/" "$(verdict 'git am of')" \
		"$(verdict 'KUnit on UML')" "$(verdict 'negative control')")
done; } | table "$csv"
