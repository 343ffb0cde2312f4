#!/bin/bash
# Make $TREE, a git tree with two branches,
#   stock   the kernel as it comes: Debian's package of LINE (one commit),
#           or with KERNEL_SRC the HEAD of your tree, and
#   prefix  stock with the upstream fix reverted (the tree the fix is for);
#           stock itself where the fix is not in it.
# Every step is redone from scratch if an earlier run was interrupted.
set -eu
. "$(dirname "$0")/../config.sh"

tree=$TREE
if [ -n "${SRC:-}" ]; then
	# Your tree: a clone under the cache that shares its objects; your
	# checkout, branches and index are not touched.
	head=$(git -C "$SRC" rev-parse --verify -q HEAD) ||
		die "KERNEL_SRC=$SRC is not a git tree; run 'git init && git add" \
			"-A && git commit' in it, or use the workbench's own tree"
	[ -z "$(git -C "$SRC" status --porcelain -uno)" ] ||
		die "KERNEL_SRC=$SRC has uncommitted changes; commit or stash them"
	if ! git -C "$tree" cat-file -e "$head^{commit}" 2>/dev/null; then
		say "cloning $SRC into $tree (objects shared with it)"
		rm -rf "$tree" "$tree.tmp"; mkdir -p "$OUT"
		git clone -q --shared --no-checkout "$SRC" "$tree.tmp"
		git -C "$tree.tmp" checkout -q --detach "$head"
		mv "$tree.tmp" "$tree"
	fi
	git -C "$tree" branch -f stock "$head"
else
	deb=$(fetch_deb "$DEB_PACKAGE" "$DEB_VERSION" "$DEB_SHA256" all newest)
	if [ "$(cat "$tree/.git/wb-deb" 2>/dev/null)" != "$(basename "$deb")" ]; then
		say "extracting $(basename "$deb") into $tree"
		rm -rf "$tree" "$tree.tmp"; mkdir -p "$tree.tmp"
		dpkg-deb --fsys-tarfile "$deb" | tar -xO --wildcards './usr/src/*.tar.xz' |
			tar -xJ -C "$tree.tmp" --strip-components=1 ||
			die "cannot unpack $deb; delete it and rerun"
		# Debian's top-level .gitignore ignores everything ("/*"): add by
		# force, before any build output can exist.
		(cd "$tree.tmp" && git init -q -b stock &&
		 git config gc.auto 0 && git add -f -A &&
		 WB_DATE="@$(stat -c %Y Makefile) +0000" wb_git commit -q \
			-m "Linux $(make -s kernelversion) as in Debian's $(basename "$deb")")
		basename "$deb" >"$tree.tmp/.git/wb-deb"
		mv "$tree.tmp" "$tree"
	fi
fi

# prefix: revert exactly upstream's fix (FIX_PATCH), in a commit that says
# so. Made again when stock or this message changes, so that every machine
# has the same prefix commit. Where stock lacks the fix, prefix is stock.
cd "$tree"
# No automatic git gc: it goes on in the background after the command that
# started it, a repack of a kernel's objects that holds the workbench's
# lock (fd 9) for minutes after the verb has ended. (A tree made above
# has it from its first commit, which would start one.)
git config gc.auto 0
fix=$FIX_PATCH
cap="Unlike those kernels, this tree keeps the cap on hold that came with 7.0."
git grep -q 'cache_hold_inc(' stock -- security/apparmor/lsm.c ||
	cap="Like those kernels, this tree raises hold without a cap."
msg="Revert \"apparmor: avoid per-cpu hold underflow in aa_get_buffer\"

Workbench commit, never submitted. Upstream commit $FIX_SHA is
already in this tree; reverting it gives back the unguarded decrement
that kernels from v6.7 to v6.19 have: the tree the tests must fail on.
$cap"
stock=$(git rev-parse stock)
if [ "$(git rev-parse -q --verify prefix)" = "$stock" ] ||
   { [ "$(git rev-parse -q --verify prefix~1)" = "$stock" ] &&
     [ "$(git log -1 --format=%B prefix)" = "$msg" ]; }; then
	:	# made from this stock already
elif git checkout -q -f --detach stock && git apply --check -R "$fix" 2>/dev/null; then
	git apply --index -R "$fix"
	WB_DATE="@$(git log -1 --format=%ad --date=raw stock)" wb_git commit -q \
		-m "$msg"
	git branch -f prefix HEAD	# only now, so that an interrupted run redoes it
elif git apply --check "$fix" 2>/dev/null; then
	git branch -f prefix stock
else
	die "${fix#"$TOP"/} neither applies to nor is in" \
		"$(git log -1 --format=%s stock); cannot derive the pre-fix tree"
fi
say "kernel tree ready: $tree ($(git log -1 --format=%s stock))$(
	[ "$(git rev-parse prefix)" != "$stock" ] || echo ', without the fix')"
