#!/bin/bash
# The pages: every relative link and image of README.md and docs/*.md names
# a file that exists (and a heading of it, after a #), and README.md links
# every page of docs/.
set -eu
. "$(dirname "$0")/lib.sh"
only_debian

# headings FILE: the anchors of FILE's headings, as GitHub makes them.
headings() {
	awk '/^```/ { code = !code } !code && /^#+ / { sub(/^#+ /, ""); print }' "$1" |
		tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'
}
rc=0
for page in "$TOP/README.md" "$TOP"/docs/*.md; do
	dir=$(dirname "$page")
	grep -o '](\([^)]*\))' "$page" | sed 's/^](\(.*\))$/\1/' | grep -v '^[a-z]*://' |
		while read -r link; do
			file=${link%%#*}; file=${file:-$(basename "$page")}
			[ -e "$dir/$file" ] || { echo "${page#"$TOP"/}: $link: no such file"; exit 1; }
			[ "$link" = "${link#*#}" ] || headings "$dir/$file" | grep -qxF "${link#*#}" ||
				{ echo "${page#"$TOP"/}: $link: no such heading"; exit 1; }
		done || rc=1
done >"$RUN/links.out"
for page in "$TOP"/docs/*.md; do
	grep -qF "](docs/$(basename "$page"))" "$TOP/README.md" ||
		{ echo "README.md does not link docs/$(basename "$page")"; rc=1; }
done >>"$RUN/links.out"
cat "$RUN/links.out"
report $rc "README.md and docs/: every link and image resolves, every page of docs/ is linked from README.md" "$RUN/links.out"
