#!/bin/bash
# Apply patches/ with git am.
#
# In the workbench tree ($TREE) it makes these branches:
#   series        prefix + every patch: what users get
#   series-stock  stock + every patch it lacks (not 0001 where stock has
#                 the fix)
#   negative      prefix + every patch but 0001: the negative control
#   rfc           series + the RFC (RFC_PATCHES), on a line that has one
#   rfc-negative  rfc with branch series' lsm.c and include/path.h: the
#                 RFC's tests on today's pool, given today's seams by
#                 lines/LINE/rfc/adapter.patch
# and checks that series and series-stock hold identical trees.
#
# With KERNEL_SRC=/path/to/linux (a git tree of yours), $TREE is a clone of
# it (tree.sh) and the series the one of the line whose code it has
# (config.sh); series is also fetched into your tree as a new branch
# aa-buffer-series. Your checkout is not touched.
set -eu
. "$(dirname "$0")/../config.sh"

# The patch files that the current tree lacks: without 0001 where it has
# the fix.
missing_patches() {
	fix=$(series_patches | head -n 1)
	if git apply --check -R "$fix" 2>/dev/null; then
		say "$(basename "$fix") is already in $(git log -1 --format=%s)"
		series_patches | tail -n +2
	else
		series_patches
	fi
}

# Drop the leftovers of an interrupted git am.
recover() {
	if [ -d "$(git rev-parse --git-path rebase-apply)" ]; then
		say "aborting a git am left over from an interrupted run"
		git am --abort
	fi
}

# With KERNEL_SRC, give your tree the series as branch aa-buffer-series.
offer() {
	[ -n "${SRC:-}" ] || return 0
	git -C "$SRC" fetch -q "$TREE" +series:aa-buffer-series ||
		die "cannot write branch aa-buffer-series into $SRC (above)"
	say "applied: ${PATCHES#"$TOP"/}/ on $SRC's HEAD, in its new branch" \
		"aa-buffer-series; checked in $TREE"
}

cd "$TREE"
recover
[ -z "$(git status --porcelain -uno)" ] || die "$TREE has uncommitted" \
	"changes; commit them (and run 'make patches') or discard them with" \
	"'git -C $TREE checkout -f series'"

# Rebuild the branches only when patches/ or the base trees changed, so
# that a rerun leaves the files, and so the build, untouched.
stamp=$({ series_patches | xargs cat
	   [ -z "$RFC_PATCHES" ] || { rfc_patches; echo "$RFC_ADAPTER"; } | xargs cat
	   git rev-parse stock prefix; } |
	sha256sum | cut -c1-16)
if [ "$(cat .git/wb-series 2>/dev/null)" = "$stamp $(git rev-parse -q --verify series)" ]; then
	git checkout -q series
	offer
	exit 0
fi
if [ -f .git/wb-series ] && [ "${stamp}" = "$(cut -d' ' -f1 .git/wb-series)" ]; then
	die "branch series in $TREE has commits that patches/ lacks; run" \
		"'make patches' to export them, or 'git -C $TREE branch -D series'" \
		"to drop them"
fi

# shellcheck disable=SC2046
am series prefix $(series_patches)
git checkout -q -f --detach stock
# shellcheck disable=SC2046
am series-stock stock $(missing_patches)
# shellcheck disable=SC2046
am negative prefix $(series_patches | tail -n +2)
git checkout -q series
if [ "$(git rev-parse 'series^{tree}')" != "$(git rev-parse 'series-stock^{tree}')" ]; then
	git diff --stat series series-stock >&2
	die "the series on the pre-fix tree and on the stock tree differ (above)"
fi
say "series and series-stock end in identical trees ($(git rev-parse --short 'series^{tree}'))"
if [ -n "$RFC_PATCHES" ]; then
	# shellcheck disable=SC2046
	am rfc series $(rfc_patches)
	git checkout -q -f -B rfc-negative rfc
	git checkout series -- security/apparmor/lsm.c \
		security/apparmor/include/path.h
	git apply --index "$RFC_ADAPTER" ||
		{ git checkout -q -f series
		  die "${RFC_ADAPTER#"$TOP"/} does not apply to the RFC's tests" \
			"on today's pool; rebase it on branch rfc-negative"; }
	wb_git commit -q -a -m "Workbench: the RFC's tests on today's pool

Workbench commit, never submitted: security/apparmor/lsm.c and
include/path.h as branch series has them, so the pool has hold, its
trylock and uncapped per-CPU caches again, and no shrinker or CPU hotplug
callback; the RFC's tests stay.
${RFC_ADAPTER#"$TOP"/} gives the RFC's tests today's seams: a trylock
that the test may fail, hold in the pool's state, and the cap that the
bound assumes."
	git checkout -q series
	say "rfc: patches/rfc/ on the series; rfc-negative: its tests on today's pool"
fi
echo "$stamp $(git rev-parse series)" >.git/wb-series
offer
