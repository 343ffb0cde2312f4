#!/bin/bash
# make insns: with CONFIG_KUNIT=n the posted hooks add no instruction; the counts
# it saves (results/insns/LINE.txt and .csv, with CONFIG_KUNIT=m too)
# docs/posting.md quotes.
set -eu
. "$(dirname "$0")/lib.sh"

against "CONFIG_KUNIT=n: the posted hooks add no instruction to aa_get_buffer/aa_put_buffer (counted with CONFIG_KUNIT=m too)" \
	insns.sh
