#!/bin/bash
# The pages' numbers: every number in README.md and docs/ is in a file its
# page links to, or on a line naming its outside source
# (scripts/helpers/numbers.sh). First the check itself: a number planted in
# a copy of README.md must fail it, naming the page and line.
set -eu
. "$(dirname "$0")/lib.sh"
only_debian

rc=0
# The copy beside the same files (symlinks), so that its links resolve.
plant=$RUN/planted/README.md
rm -rf "$RUN/planted"; mkdir "$RUN/planted"
for f in "$TOP"/*; do ln -s "$f" "$RUN/planted/"; done
rm "$plant"
{ cat "$TOP/README.md"; echo "A number no file holds: 1234.5678 s."; } >"$plant"
n=$(wc -l <"$plant")
st=0; "$TOP/scripts/helpers/numbers.sh" "$plant" >"$RUN/planted.out" || st=$?
[ "$st" != 0 ] && [ "$(cat "$RUN/planted.out")" = "$plant:$n: 1234.5678" ] || {
	echo "numbers.sh on README.md with 1234.5678 planted in line $n exited"
	echo "$st and printed, not that line alone:"; cat "$RUN/planted.out"
	rc=1; } >"$RUN/numbers.out"
"$TOP/scripts/helpers/numbers.sh" "$TOP/README.md" "$TOP"/docs/*.md \
	>"$RUN/numbers.raw" || rc=1
sed "s|^$TOP/||; s|\$|: no linked file holds this number, and the line names no outside source|" \
	"$RUN/numbers.raw" >>"$RUN/numbers.out"
cat "$RUN/numbers.out"
report $rc "README.md and docs/: every number is in a file its page links to, or on a line naming its outside source (a planted one fails)" "$RUN/numbers.out"
