#!/bin/bash
# The verbs that work on the workbench's Debian trees only (config.sh's
# DEBIAN_ONLY) refuse KERNEL_SRC in one line naming the verbs that take it.
set -eu
. "$(dirname "$0")/lib.sh"
only_debian
cd "$TREE"

user_tree
rc=0
for v in $DEBIAN_ONLY; do
	out=$(KERNEL_SRC=$user timeout 60 "$TOP/scripts/$v.sh" 2>&1) && rc=1
	echo "KERNEL_SRC=$user scripts/$v.sh: $out"
	[ "$(echo "$out" | wc -l)" = 1 ] &&
		echo "$out" | grep -qF "error: make $v (scripts/$v.sh) works on the workbench's Debian trees only, not on KERNEL_SRC; on your tree: make, make check" ||
		{ echo "not the one-line refusal"; rc=1; }
done
report $rc "KERNEL_SRC: every verb of config.sh's DEBIAN_ONLY ($DEBIAN_ONLY) refuses it in one line naming itself and the verbs that take it"
