#!/bin/bash
# The posting as the list reads it, measured on the patch files of each
# line make check covers: the new suite at most 450 lines, the cover
# letter at most 60, the pool's constants still in lsm.c alone, and what
# the hooks change in lsm.c, kernel-doc comments aside (measured, not
# held to a limit: see docs/posting.md).
set -eu
. "$(dirname "$0")/lib.sh"

# added FILE PATCH...: the lines the patches add to FILE, one a line
added() {
	local f=$1; shift
	awk -v f="a/$f" '/^diff --git / { on = $3 == f } on && /^[-+]/ && !/^(\+\+\+|---) /' "$@"
}
for l in $LINE $( [ -n "${SRC:-}" ] || lines_checked_by check); do
	(on_line "$l"
	 rc=0
	 mapfile -t p < <(series_patches)
	 suite=$(added security/apparmor/buffer_test.c "${p[@]}" | grep -c '^+') || true
	 cover=$(wc -l <"$PATCHES/0000-cover-letter.patch")
	 lsm=$(added security/apparmor/lsm.c $(test_patches) |
		awk '/^\+\/\*\*/ { doc = 1 } !doc { n++ } /^\+ \*\// { doc = 0 } END { print n + 0 }')
	 consts=$(added security/apparmor/include/path.h "${p[@]}" |
		grep -cE 'RESERVE_COUNT|MAX_HOLD_COUNT') || true
	 echo "buffer_test.c: $suite lines; cover letter: $cover lines;" \
		"lsm.c: $lsm changed lines of code; pool constants in path.h: $consts"
	 [ "$suite" -gt 0 ] && [ "$suite" -le 450 ] && [ "$cover" -le 60 ] &&
		[ "$consts" = 0 ] || rc=1
	 report $rc "${LABEL}the posting: buffer_test.c $suite lines (at most 450), cover letter $cover lines (at most 60), RESERVE_COUNT and MAX_HOLD_COUNT only in lsm.c; lsm.c $lsm changed lines of code, kernel-doc aside (measured)")
done
