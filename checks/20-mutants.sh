#!/bin/bash
# make mutants: the buffer suite fails on every one-line bug in $MUTANTS,
# caught by the cases $MUTANTS_LOG names (the kill table of
# docs/mutants.md is made from it).
set -eu
. "$(dirname "$0")/lib.sh"

against "$MUTANTS_LOG" "caught by the cases in" \
	"mutants: the suite fails on every mutant in ${MUTANTS#"$TOP"/}/" mutants.sh
