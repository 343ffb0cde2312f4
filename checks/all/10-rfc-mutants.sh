#!/bin/bash
# The RFC's mutants, 18 rebuilds: beyond make check's budget.
set -eu
. "$(dirname "$0")/../lib.sh"

[ -z "$RFC_PATCHES" ] ||
	against "RFC: mutants: its suite fails on every mutant in ${RFC_MUTANTS#"$TOP"/}/" \
		mutants.sh rfc
