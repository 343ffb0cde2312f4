#!/bin/bash
# patches.sh [DIR]: write the branch posting of the workbench tree to DIR
# (default $PATCHES) exactly as git format-patch does, with the cover letter
# text from $PATCHES/cover-letter.txt. RFC=1: the branch rfc, on top of the
# series, to DIR (default $RFC_PATCHES), with $RFC_PATCHES/cover-letter.txt.
# Nothing in the output depends on when or where it runs, so an export of an
# unchanged series changes no byte. "patches.sh all" (make patches): every
# line's series to its directory, and the RFCs.
set -eu
. "$(dirname "$0")/config.sh"

if [ "${1:-}" = all ]; then
	for l in $LINES; do
		LINE=$l "$0"
		(LINE=$l; . "$TOP/scripts/config.sh"; [ -z "$RFC_PATCHES" ]) ||
			LINE=$l RFC=1 "$0"
	done
	exit 0
fi

# The posting names no base-commit: its base is a release (the cover
# letter says which), not a commit of upstream's that this tree has.
base=$(posting_base) branch=posting out=${1:-$PATCHES} cover=$PATCHES/cover-letter.txt
baseline=
if [ "${RFC:-0}" = 1 ]; then
	[ -n "$RFC_PATCHES" ] || die "RFC=1: LINE=$LINE has no RFC"
	base=series branch=rfc out=${1:-$RFC_PATCHES} baseline=--base=series
	cover=$RFC_PATCHES/cover-letter.txt SUBJECT=$RFC_SUBJECT
fi
cd "$TREE" 2>/dev/null && git rev-parse -q --verify $branch >/dev/null ||
	die "no branch $branch in $TREE; run 'LINE=$LINE make' first"
# New patches are authored and signed off by SERIES_IDENT. If it is not
# the identity of the posting's last commit, rewrite the series to it.
old=$(git log -1 --format='%an <%ae>' posting)
if [ $branch = posting ] && [ -n "$old" ] && [ "$old" != "$SERIES_IDENT" ]; then
	say "identity changed from $old to $SERIES_IDENT; rewriting the series"
	OLD=$old NEW=$SERIES_IDENT FILTER_BRANCH_SQUELCH_WARNING=1 \
	git filter-branch -f --env-filter '
		if [ "$GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL>" = "$OLD" ]; then
			GIT_AUTHOR_NAME=${NEW% <*}
			GIT_AUTHOR_EMAIL=$(echo "$NEW" | sed "s/.*<\(.*\)>/\1/")
		fi' --msg-filter '
		perl -pe "s/^Signed-off-by: \Q\$ENV{OLD}\E\$/Signed-off-by: \$ENV{NEW}/"' \
		$base..posting >/dev/null
fi
git config branch.$branch.description "$(cat "$cover")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The cover letter takes its From: and Date: from the committer.
GIT_COMMITTER_NAME=${SERIES_IDENT% <*} \
GIT_COMMITTER_EMAIL=$(echo "$SERIES_IDENT" | sed 's/.*<\(.*\)>/\1/') \
GIT_COMMITTER_DATE=$(git log -1 --format=%ad --date=raw $branch) \
	git -c core.abbrev=12 format-patch -q --cover-letter --cover-from-description=subject \
		--subject-prefix="$SUBJECT" $baseline \
		--zero-commit --no-signature \
		-o "$tmp" $base..$branch
mkdir -p "$out"
rm -f "$out"/*.patch
cp "$tmp"/*.patch "$out"/
ls "$out"
