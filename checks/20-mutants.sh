#!/bin/bash
# make mutants: the buffer suite fails on every one-line bug in $MUTANTS,
# caught by the cases that the saved $MUTANTS_LOG names (the kill table
# of docs/mutants.md is made from it).
set -eu
. "$(dirname "$0")/lib.sh"

against "mutants: the suite fails on every mutant in ${MUTANTS#"$TOP"/}/" mutants.sh
