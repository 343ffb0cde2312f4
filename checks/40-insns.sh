#!/bin/bash
# make insns: with CONFIG_KUNIT=n the seam adds no instruction; the counts
# it saves (results/insns/LINE.txt and .csv) docs/suite.md quotes.
set -eu
. "$(dirname "$0")/lib.sh"

against "CONFIG_KUNIT=n: the seam adds no instruction to aa_get_buffer/aa_put_buffer" \
	insns.sh
