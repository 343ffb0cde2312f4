#!/bin/bash
# The other lines of make check: every mutant must die, caught by the
# cases that the line's saved log (README quotes it) names; the walk and
# the instruction counts. The lines of make check-all only: the series
# checks.
set -eu
. "$(dirname "$0")/../lib.sh"

for l in $(lines_checked_by check); do
	(on_line "$l" &&
	 against "mutants: the suite fails on every mutant in ${MUTANTS#"$TOP"/}/" mutants.sh
	 verb bisect "every patch: no new W=1, sparse or kernel-doc warning, KUnit passes"
	 against "CONFIG_KUNIT=n: the posted hooks add no instruction to aa_get_buffer/aa_put_buffer (counted with CONFIG_KUNIT=m too)" \
		insns.sh) || true
done
for l in $(lines_checked_by check-all); do
	(on_line "$l" && series_checks) || true
done
