#!/bin/bash
# The posted suite against every mutant's twin in the posting's code
# (mutants.sh posting), on 7.3 and on the other lines make check covers:
# which bugs it kills, as committed; docs/mutants.md sets them beside the
# deep suite's kills. 23 rebuilds on 7.3, 19 on 6.12.
set -eu
. "$(dirname "$0")/../lib.sh"

what() { echo "mutants: the posted suite against each mutant's twin in ${MUTANTS#"$TOP"/}/posting/"; }
against "$(what)" mutants.sh posting
for l in $(lines_checked_by check); do
	(on_line "$l" && against "$(what)" mutants.sh posting) || true
done
