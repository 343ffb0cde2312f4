#!/bin/bash
# Apply patches/ with git am.
#
# In the workbench tree ($TREE) it makes three branches:
#   series        prefix + every patch: what users get
#   series-stock  stock + every patch but 0001, which stock already has
#   negative      prefix + every patch but 0001: the negative control
#   rfc           series + patches/rfc/ (7.3 only)
#   rfc-negative  rfc with RFC patch 1's lsm.c changes reverted: the RFC's
#                 tests on today's pool (with the shrinker of patch 2)
# and checks that series and series-stock hold identical trees.
#
# With KERNEL_SRC=/path/to/linux (a git tree of yours), it applies the series
# that fits its code (patches/; patches/7.2/ for 7.2's include lines;
# patches/6.12/ where hold has no cap) to a new branch aa-buffer-series from
# your HEAD, in a worktree under the cache; your checkout is not touched.
set -eu
. "$(dirname "$0")/config.sh"

# The patch files after 0001, only if 0001 is present in the current tree.
rest_if_fix_present() {
	fix=$(series_patches | head -n 1)
	git apply --check -R "$fix" 2>/dev/null || return 1
	say "$(basename "$fix") is already in $(git log -1 --format=%s)"
	series_patches | tail -n +2
}

# Drop the leftovers of an interrupted git am.
recover() {
	if [ -d "$(git rev-parse --git-path rebase-apply)" ]; then
		say "aborting a git am left over from an interrupted run"
		git am --abort
	fi
}

if [ -n "${KERNEL_SRC:-}" ]; then
	src=$(cd "$KERNEL_SRC" 2>/dev/null && pwd) ||
		die "KERNEL_SRC=$KERNEL_SRC is not a directory"
	[ -f "$src/security/apparmor/lsm.c" ] ||
		die "KERNEL_SRC=$src has no security/apparmor/lsm.c; is it a Linux tree?"
	git -C "$src" rev-parse --verify -q HEAD >/dev/null ||
		die "KERNEL_SRC=$src is not a git tree; run 'git init && git add -A" \
			"&& git commit' in it, or use the workbench's own tree"
	[ -z "$(git -C "$src" status --porcelain -uno)" ] ||
		die "KERNEL_SRC=$src has uncommitted changes; commit or stash them"
	# The series follows the code, not the version string: 7.0 capped
	# hold (cache_hold_inc()); v6.7 to 6.19.y raise it with += 1. 7.3's
	# include/path.h includes <linux/path.h>, 7.2's does not.
	lsm=$src/security/apparmor/lsm.c
	h=$src/security/apparmor/include/path.h
	if grep -q 'cache_hold_inc(' "$lsm" &&
	   grep -q '^#include <linux/path.h>' "$h"; then
		PATCHES=$TOP/patches
		say "$lsm caps hold (cache_hold_inc()): the mainline series, patches/"
	elif grep -q 'cache_hold_inc(' "$lsm"; then
		PATCHES=$TOP/patches/7.2
		say "$lsm caps hold, with 7.2's include lines:" \
			"the 7.2.y series, patches/7.2/"
	elif grep -q 'cache->hold += 1;' "$lsm"; then
		PATCHES=$TOP/patches/6.12
		say "$lsm raises hold without a cap: the 6.12.y series, patches/6.12/"
	else
		die "$lsm has no per-CPU buffer cache with a hold count (v6.7 and" \
			"later have one); the series is not for this tree"
	fi
	wt=$OUT/kernel-src
	if [ "$(git -C "$wt" rev-parse --git-common-dir 2>/dev/null)" != \
	     "$(git -C "$src" rev-parse --path-format=absolute --git-common-dir)" ]; then
		rm -rf "$wt"
		git -C "$src" worktree prune
		git -C "$src" worktree add -q --detach "$wt" HEAD
	fi
	cd "$wt"
	recover
	head=$(git -C "$src" rev-parse HEAD)
	if rest=$(git checkout -q -f --detach "$head" && rest_if_fix_present); then
		# shellcheck disable=SC2086
		am aa-buffer-series "$head" $rest
	else
		# shellcheck disable=SC2046
		am aa-buffer-series "$head" $(series_patches)
	fi
	say "applied: branch aa-buffer-series in $src (worktree $wt)"
	exit 0
fi

cd "$TREE"
recover
[ -z "$(git status --porcelain -uno)" ] || die "$TREE has uncommitted" \
	"changes; commit them (and run 'make patches') or discard them with" \
	"'git -C $TREE checkout -f series'"

# Rebuild the branches only when patches/ or the base trees changed, so
# that a rerun leaves the files, and so the build, untouched.
stamp=$({ series_patches | xargs cat; [ -z "$RFC_PATCHES" ] || rfc_patches | xargs cat
	   git rev-parse stock prefix; } |
	sha256sum | cut -c1-16)
if [ "$(cat .git/wb-series 2>/dev/null)" = "$stamp $(git rev-parse -q --verify series)" ]; then
	git checkout -q series
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
rest=$(rest_if_fix_present) ||
	die "$(basename "$(series_patches | head -n 1)") is not in the stock tree"
# shellcheck disable=SC2086
am series-stock stock $rest
# shellcheck disable=SC2086
am negative prefix $rest
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
	cap=$(git rev-list --reverse series..rfc | head -n 1)
	git diff "$cap~1" "$cap" -- security/apparmor/lsm.c | git apply -R ||
		die "RFC patch 1's changes to lsm.c do not revert on branch rfc;" \
			"branch rfc-negative is left as rfc. Rebase patches/rfc/."
	wb_git commit -q -a -m "Workbench: the RFC's tests on today's pool

Workbench commit, never submitted: RFC patch 1's changes to
security/apparmor/lsm.c reverted, so the per-CPU caches have no cap; the
RFC's tests, include/path.h and the later patches stay."
	git checkout -q series
	say "rfc: patches/rfc/ on the series; rfc-negative: its tests on today's pool"
fi
echo "$stamp $(git rev-parse series)" >.git/wb-series
