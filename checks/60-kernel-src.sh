#!/bin/bash
# KERNEL_SRC set to a user's tree (user_tree, in lib.sh): the series is
# applied in the workbench's clone of it and given to it as branch
# aa-buffer-series, the tree of posting.
set -eu
. "$(dirname "$0")/lib.sh"
only_debian
cd "$TREE"

user_tree
rc=0
(export KERNEL_SRC=$user; "$TOP/scripts/helpers/tree.sh" && "$TOP/scripts/helpers/apply.sh") \
	>"$RUN/src.log" 2>&1 || rc=1
cat "$RUN/src.log"
grep -qF "applied: patches/ on $user's HEAD" "$RUN/src.log" || rc=1
[ "$(git -C "$user" rev-parse -q --verify 'aa-buffer-series^{tree}')" = \
  "$(git rev-parse 'posting^{tree}')" ] ||
	{ echo "$user has no branch aa-buffer-series with the series on its HEAD"; rc=1; }
report $rc "KERNEL_SRC=<a clone of stock>: the posted series applied to that tree, given to it as branch aa-buffer-series"
