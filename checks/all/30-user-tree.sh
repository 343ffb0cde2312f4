#!/bin/bash
# make check on a user's tree (user_tree, in lib.sh): every check passes,
# and every check's line names that tree.
set -eu
. "$(dirname "$0")/../lib.sh"

ready
user_tree
rc=0
KERNEL_SRC=$user "$TOP/scripts/check.sh" >"$RUN/src-check.log" 2>&1 || rc=1
cat "$RUN/src-check.log"
grep -E '^(PASS|FAIL): ' "$RUN/src-check.log" >"$RUN/src-checks" || true
[ -s "$RUN/src-checks" ] && ! grep -vF "KERNEL_SRC=$user: " "$RUN/src-checks" ||
	{ echo "no checks, or checks that do not name $user (above)"; rc=1; }
report $rc "KERNEL_SRC=<a clone of stock> make check: every check passes, each line naming that tree" "$RUN/src-check.log"
