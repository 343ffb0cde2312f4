#!/bin/bash
# Apply patches/ with git am.
#
# In the workbench tree ($TREE) it makes these branches:
#   posting       the posted series on the tree it is for (posting_base:
#                 stock, or prefix where patch 1 is the fix): what users get
#   posting-stock stock + every patch it lacks (not the fix, which stock
#                 has), where the series carries the fix; checked to hold
#                 the same tree as posting
#   posting-negative  posting without the fix: the negative control
#   series        posting + the deep suite (DEEP, lines/LINE/deep.patch):
#                 the workbench's evidence, never posted
#   negative      series without the fix: the deep suite's negative control
#   rfc           series + the RFC (RFC_PATCHES), on a line that has one
#   rfc-negative  rfc with branch series' lsm.c and include/path.h: the
#                 RFC's tests on today's pool, given today's seams by
#                 lines/LINE/rfc/adapter.patch
#
# With KERNEL_SRC=/path/to/linux (a git tree of yours), $TREE is a clone of
# it (tree.sh) and the series the one of the line whose code it has
# (config.sh); posting is also fetched into your tree as a new branch
# aa-buffer-series. Your checkout is not touched.
set -eu
. "$(dirname "$0")/../config.sh"

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
	git -C "$SRC" fetch -q "$TREE" +posting:aa-buffer-series ||
		die "cannot write branch aa-buffer-series into $SRC (above)"
	say "applied: ${PATCHES#"$TOP"/}/ on $SRC's HEAD, in its new branch" \
		"aa-buffer-series; checked in $TREE"
}

cd "$TREE"
recover
[ -z "$(git status --porcelain -uno)" ] || die "$TREE has uncommitted" \
	"changes; commit them (and run 'make patches') or discard them with" \
	"'git -C $TREE checkout -f series'"

# Rebuild the branches only when patches/, the deep suite or the base
# trees changed, so that a rerun leaves the files, and so the build,
# untouched.
stamp=$({ series_patches; echo "$DEEP"; echo "$FIX_PATCH"
	   [ -z "$RFC_PATCHES" ] || { rfc_patches; echo "$RFC_ADAPTER"; }; } |
	xargs cat | cat - <(git rev-parse stock prefix) | sha256sum | cut -c1-16)
if [ "$(cat .git/wb-series 2>/dev/null)" = "$stamp $(git rev-parse -q --verify posting)" ]; then
	git checkout -q series
	offer
	exit 0
fi
if [ -f .git/wb-series ] && [ "${stamp}" = "$(cut -d' ' -f1 .git/wb-series)" ]; then
	die "branch posting in $TREE has commits that patches/ lacks; run" \
		"'make patches' to export them, or 'git -C $TREE branch -D posting'" \
		"to drop them"
fi

# wb_commit BRANCH START MESSAGE GIT-APPLY-ARG...: a workbench commit,
# never submitted: git apply of the ARGs on START, as BRANCH.
wb_commit() {
	local branch=$1 start=$2 msg=$3; shift 3
	git checkout -q -f --detach "$start"
	git apply --index "$@" ||
		{ git checkout -q -f "$start"
		  die "git apply $* failed on $start; rebase it on branch $start"; }
	wb_git commit -q -m "$msg"
	git checkout -q -B "$branch"
}
without_fix="Workbench: without upstream $FIX_SHA

Workbench commit, never submitted: ${FIX_PATCH#"$TOP"/} reverted, so
that the tests run on the hold underflow they guard against."

# shellcheck disable=SC2046
am posting "$(posting_base)" $(series_patches)
if [ "$(posting_base)" = prefix ]; then
	# stock + the patches it lacks: not the fix where it has it
	fix=
	git checkout -q -f --detach stock
	git apply --check -R "$FIX_PATCH" 2>/dev/null || fix=$FIX_PATCH
	# shellcheck disable=SC2046
	am posting-stock stock $fix $(test_patches)
	if [ "$(git rev-parse 'posting^{tree}')" != "$(git rev-parse 'posting-stock^{tree}')" ]; then
		git diff --stat posting posting-stock >&2
		die "the series on the pre-fix and on the stock tree differ (above)"
	fi
	say "posting and posting-stock end in identical trees ($(git rev-parse --short 'posting^{tree}'))"
fi
wb_commit posting-negative posting "$without_fix" -R "$FIX_PATCH"
wb_commit series posting "Workbench: the deep suite, never posted

Workbench commit, never submitted: ${DEEP#"$TOP"/}, the
reference model, the exhaustive search and the concurrency suite, with
the seams they need, on top of the posted series." "$DEEP"
wb_commit negative series "$without_fix" -R "$FIX_PATCH"
git checkout -q series
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
echo "$stamp $(git rev-parse posting)" >.git/wb-series
offer
