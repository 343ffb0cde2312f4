#!/bin/bash
# The saved results (scripts/helpers/results.sh): each table of results/ is what
# its report script makes of its data, linked from a page; the search
# counts come from the KUnit logs 10-series.sh left in RUN.
set -eu
. "$(dirname "$0")/lib.sh"
only_debian

rc=0
"$TOP/scripts/helpers/results.sh" "$RUN" >"$RUN/results.out" 2>&1 || rc=1
cat "$RUN/results.out"
report $rc "results/: each saved table is what its report script makes of its data, linked from a page of README.md or docs/" "$RUN/results.out"
