#!/bin/bash
# The series on the kernel line (Debian's 7.3, or KERNEL_SRC's tree), then
# on the other lines make check covers: the kernel tree, git am on the
# pre-fix and the stock tree, patches/ as 'make patches' writes it,
# checkpatch.pl and get_maintainer.pl on each patch, KUnit under UML, the
# negative control; on 7.3 the same for the RFC. If the series does not
# apply to the first line, no check after this one can run.
set -eu
. "$(dirname "$0")/lib.sh"

[ -z "${SRC:-}" ] || say "checking KERNEL_SRC=$SRC ($LINE's code," \
	"${PATCHES#"$TOP"/}/); the workbench's own lines and results are not"
series_checks || stop_run
[ -z "${SRC:-}" ] || exit 0
for l in $(lines_checked_by check); do
	(on_line "$l" && series_checks) || true
done
