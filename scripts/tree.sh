#!/bin/bash
# Make $TREE: Debian's kernel source as a git tree with two branches,
#   stock   the package as Debian ships it (one commit), and
#   prefix  stock with the upstream fix reverted (the tree the fix is for).
# Every step is redone from scratch if an earlier run was interrupted.
set -eu
. "$(dirname "$0")/config.sh"

deb=$(fetch_deb "$DEB_PACKAGE" "$DEB_VERSION" "$DEB_SHA256" all)
tree=$TREE
if [ "$(cat "$tree/.git/wb-deb" 2>/dev/null)" != "$(basename "$deb")" ]; then
	say "extracting $(basename "$deb") into $tree"
	rm -rf "$tree" "$tree.tmp"; mkdir -p "$tree.tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -xO --wildcards './usr/src/*.tar.xz' |
		tar -xJ -C "$tree.tmp" --strip-components=1 ||
		die "cannot unpack $deb; delete it and rerun"
	# Debian's top-level .gitignore ignores everything ("/*"): add by force,
	# before any build output can exist.
	(cd "$tree.tmp" && git init -q -b stock && git add -f -A &&
	 WB_DATE="@$(stat -c %Y Makefile) +0000" wb_git commit -q \
		-m "Linux $(make -s kernelversion) as in Debian's $(basename "$deb")")
	basename "$deb" >"$tree.tmp/.git/wb-deb"
	mv "$tree.tmp" "$tree"
fi

# prefix: revert exactly the change patch 1 carries, in a commit that says
# so. Made again when this message changes, so that every machine has the
# same prefix commit (the cover letter's base-commit).
case $LINE in
6.12)	cap="Like those kernels, this tree raises hold without a cap." ;;
*)	cap="Unlike those kernels, this tree keeps the cap on hold that came with 7.0." ;;
esac
msg="Revert \"apparmor: avoid per-cpu hold underflow in aa_get_buffer\"

Workbench commit, never submitted. Upstream commit $FIX_SHA is
already in this tree; reverting it gives back the unguarded decrement
that kernels from v6.7 to v6.19 have, which patch 1 of the series fixes.
$cap"
cd "$tree"
fix=$(ls "$PATCHES"/0001-*.patch)
if [ "$(git log -1 --format=%B prefix 2>/dev/null)" != "$msg" ]; then
	git checkout -q -f --detach stock
	git apply --check -R "$fix" 2>/dev/null ||
		die "$(basename "$fix") is not applied in $(cat .git/wb-deb);" \
			"cannot derive the pre-fix tree from it"
	git apply --index -R "$fix"
	WB_DATE="$(git log -1 --format=%ad --date=raw stock)" wb_git commit -q \
		-m "$msg"
	git branch -f prefix HEAD	# only now, so that an interrupted run redoes it
fi
say "kernel tree ready: $tree ($(cat .git/wb-deb))"
