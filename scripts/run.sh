#!/bin/bash
# make: the kernel tree, the series applied, and the AppArmor KUnit suites
# run on it under UML, with kunit.py's own report.
set -eu
. "$(dirname "$0")/config.sh"

"$TOP/scripts/deps.sh" $DEPS_BUILD
if [ -n "${KERNEL_SRC:-}" ]; then
	"$TOP/scripts/apply.sh"
	cd "$OUT/kernel-src"
	kunit "$BUILD/kernel-src-um" "$OUT/kernel-src-um.json"
else
	"$TOP/scripts/tree.sh"
	"$TOP/scripts/apply.sh"
	cd "$TREE"
	kunit "$BUILD/um" "$OUT/series-um.json"
fi
