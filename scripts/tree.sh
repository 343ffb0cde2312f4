#!/bin/bash
# Make $TREE: Debian's kernel source as a git tree with two branches,
#   stock   the package as Debian ships it (one commit), and
#   prefix  stock with the upstream fix reverted (the tree the fix is for).
# Every step is redone from scratch if an earlier run was interrupted.
set -eu
. "$(dirname "$0")/config.sh"

# Print the path of a verified .deb in the cache, downloading it if needed.
fetch_deb() {
	mkdir -p "$CACHE/deb"
	deb=$CACHE/deb/${DEB_PACKAGE}_$(echo "$DEB_VERSION" | sed 's/:/%3a/')_all.deb
	if [ -f "$deb" ]; then
		if echo "$DEB_SHA256  $deb" | sha256sum -c --status; then
			echo "$deb"; return
		fi
		say "cached $deb fails its SHA-256 check; deleting it, fetching again"
		rm -f "$deb"
	fi
	apt_private update >&2 || die "cannot reach Debian's $DEB_SUITE archive" \
		"(apt-get update failed above); check the network or proxy, then rerun"
	pkg=$DEB_PACKAGE ver=$DEB_VERSION
	if ! APT=apt-cache apt_private show "$pkg=$ver" >/dev/null 2>&1; then
		ver=$(APT=apt-cache apt_private show "$pkg" 2>/dev/null |
			sed -n 's/^Version: //p' | sort -V | tail -n 1)
		[ -n "$ver" ] || die "Debian's $DEB_SUITE serves no $pkg"
		cat >&2 <<-MSG
		########################################################################
		WARNING: Debian no longer serves $DEB_PACKAGE $DEB_VERSION.
		Falling back to $pkg $ver; the checks will tell whether the series
		still applies. Pin it in scripts/config.sh once it does.
		########################################################################
		MSG
	fi
	tmp=$CACHE/deb/tmp.$$
	rm -rf "$CACHE"/deb/tmp.*; mkdir "$tmp"
	(cd "$tmp" && apt_private download "$pkg=$ver") >&2 ||
		die "apt-get download $pkg=$ver failed (above); rerun when the" \
			"archive is reachable"
	f=$(ls "$tmp"/*.deb)
	if [ "$pkg=$ver" = "$DEB_PACKAGE=$DEB_VERSION" ] &&
	   ! echo "$DEB_SHA256  $f" | sha256sum -c --status; then
		rm -rf "$tmp"
		die "downloaded $pkg $ver does not match DEB_SHA256 in" \
			"scripts/config.sh; deleted it, rerun to fetch again"
	fi
	say "fetched $pkg $ver, SHA-256 $(sha256sum "$f" | cut -d' ' -f1)"
	mv "$f" "$CACHE/deb/" && rm -rf "$tmp"
	echo "$CACHE/deb/$(basename "$f")"
}

deb=$(fetch_deb)
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
