#!/bin/bash
# make insns: with CONFIG_KUNIT=n the seam adds no instruction; the counts
# are results/insns/LINE.txt, which docs/suite.md quotes.
set -eu
. "$(dirname "$0")/lib.sh"

against "$TOP/results/insns/$LINE.txt" "counts as in" \
	"CONFIG_KUNIT=n: the seam adds no instruction to aa_get_buffer/aa_put_buffer" \
	insns.sh
