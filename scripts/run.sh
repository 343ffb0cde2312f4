#!/bin/bash
# make: the kernel tree (Debian's of LINE, or your KERNEL_SRC), the series
# applied, and the AppArmor KUnit suites run on it under UML, with
# kunit.py's own report.
set -eu
. "$(dirname "$0")/config.sh"

ready
say "KUnit on $TREE, branch series$([ -z "${SRC:-}" ] || echo " (KERNEL_SRC=$SRC)")"
kunit "$BUILD/um" "$OUT/series-um.json"
