#!/bin/bash
# numbers.sh PAGE...: every number in the text of each PAGE (README.md,
# docs/*.md) is one that a file the page links to holds, or stands on a line
# that names its outside source (a web address, or a commit of the kernel's
# history, 12 or more hex digits). Prints each number it cannot place as
# PAGE:LINE: NUMBER; fails if there is one.
#
# A number is a run of digits, with "." or "," between digits (6.12.74,
# 1,600); not one that is part of a word (x86, v8, 8k, SHA-256,
# 640cf2f09575), nor an ordered list's "1.", nor in a link's target or a
# path. A linked file holds it if it has it as a number of its own, with
# or without the page's thousands commas; a linked directory, the names of
# what is in it and every file in it. The pages themselves are no source:
# a number comes from the workbench's files.
set -eu
top=$(realpath "$(dirname "$0")/../..")
number='[0-9]+([.,][0-9]+)*'
rc=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for page; do
	dir=$(dirname "$page")
	# The numbers of every file the page links to, and each part of a
	# comma-separated one (a CSV row is not one number).
	grep -o '](\([^)#]*\)' "$page" | sed 's/^](//' | grep -v '^[a-z]*:' |
		sort -u | while read -r link; do
			f=$(realpath -m "$dir/$link")
			case $f in "$top"/README.md | "$top"/docs/*) continue ;; esac
			[ -n "$link" ] && [ -e "$f" ] || continue
			[ ! -d "$f" ] || find "$f" -mindepth 1 -maxdepth 1 -printf '%f\n' |
				grep -oE "$number" || true
			find "$f" -maxdepth 1 -type f -exec grep -ohIE "$number" {} + || true
		done |
		awk '{ print; s = $0; gsub(",", "", s); print s
			n = split($0, p, ","); for (i = 1; i <= n; i++) print p[i] }' |
		sort -u >"$tmp"
	awk -v k="$tmp" '
	FILENAME == k { known[$0] = 1; next }
	# A line that names its outside source.
	function commit(l, w) {
		while (match(l, /[0-9a-f]+/)) {
			w = substr(l, RSTART, RLENGTH)
			if (RLENGTH >= 12 && w ~ /[a-f]/ && w ~ /[0-9]/ &&
			    substr(l, RSTART - 1, 1) !~ /[A-Za-z0-9_]/ &&
			    substr(l, RSTART + RLENGTH, 1) !~ /[A-Za-z0-9_]/)
				return 1
			l = substr(l, RSTART + RLENGTH)
		}
		return 0
	}
	/https?:\/\// || commit($0) { next }
	{
		s = $0
		gsub(/\]\([^)]*\)/, "]", s)	# link targets
		gsub(/[^ `(]*\/[^ `)]*/, "", s)	# paths
		sub(/^ *[0-9]+\. /, "", s)	# an ordered list
		while (match(s, /[0-9]+([.,][0-9]+)*/)) {
			n = substr(s, RSTART, RLENGTH)
			before = substr(s, RSTART > 2 ? RSTART - 2 : 1, RSTART > 2 ? 2 : RSTART - 1)
			after = substr(s, RSTART + RLENGTH, 1)
			s = substr(s, RSTART + RLENGTH)
			if (before ~ /[A-Za-z0-9_.]$/ || before ~ /[A-Za-z]-$/ ||
			    after ~ /[A-Za-z_]/)
				continue
			plain = n; gsub(",", "", plain)
			if (!(n in known) && !(plain in known)) {
				printf "%s:%d: %s\n", page, FNR, n
				bad = 1
			}
		}
	}
	END { exit bad }' "$tmp" page="$page" "$page" || rc=1
done
exit $rc
