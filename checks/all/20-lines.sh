#!/bin/bash
# The other lines of make check: their mutants have no kill table to keep
# true yet: every mutant must die, and which cases caught it is saved for
# README to quote; and the walk and the instruction counts. The lines of
# make check-all only: the series checks.
set -eu
. "$(dirname "$0")/../lib.sh"

for l in $(lines_checked_by check); do
	(on_line "$l" &&
	 saved=$MUTANTS_LOG &&
	 rc=0 && "$TOP/scripts/mutants.sh" >"$saved" || rc=1
	 cat "$saved"
	 report $rc "${LABEL}mutants: the suite fails on every mutant in ${MUTANTS#"$TOP"/}/ (${saved#"$TOP"/})" "$saved"
	 verb bisect "every patch: no new W=1, sparse or kernel-doc warning, KUnit passes"
	 verb insns "CONFIG_KUNIT=n: the seam adds no instruction to aa_get_buffer/aa_put_buffer") || true
done
for l in $(lines_checked_by check-all); do
	(on_line "$l" && series_checks) || true
done
