#!/bin/bash
# make dumps, on every line that has dumps (config.sh's DUMPS).
set -eu
. "$(dirname "$0")/../lib.sh"

for l in $LINES; do
	(on_line "$l" && [ -n "$DUMPS" ] &&
	 verb dumps "make dumps: tools/aa-buffers on vmcores of the storm kernels says wrapped for the pre-fix one only, agrees with the gdbstub reader CPU by CPU, refuses a vmlinux without debug info (results/dumps/$LINE/)") ||
		true
done
