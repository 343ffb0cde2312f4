#!/bin/bash
# matrix-report.sh LOG: README's table of kernel lines from a make check-all
# log (results/check-all.log): for each line Debian serves with the per-CPU
# cache, the package the workbench pinned and, as the log has them, whether
# the series applied, its KUnit suites passed under UML, and the negative
# control failed exactly as expected.
set -eu
log=$1
[ -f "$log" ] || { echo "error: no $log" >&2; exit 1; }
echo "| kernel line | Debian package | series | git am on pre-fix and stock | KUnit on UML, patched | negative control |"
echo "| --- | --- | --- | --- | --- | --- |"
. "$(dirname "$0")/config.sh"
for line in $LINES; do
	(LINE=$line; . "$(dirname "$0")/config.sh"
	 verdict() {
		v=$(sed -n "s/^\(PASS\|FAIL\): $LABEL$1.*/\1/p" "$log")
		echo "${v:-not run}"
	 }
	 echo "| $line | $DEB_PACKAGE $DEB_VERSION | ${PATCHES#"$TOP"/}/ |" \
		"$(verdict 'git am of')" "| $(verdict 'KUnit on UML')" \
		"| $(verdict 'negative control') |")
done
