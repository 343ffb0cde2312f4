#!/bin/bash
# guest.sh REF BUILD_DIR [FRAGMENT...]: build an x86_64 kernel for QEMU from
# REF of the workbench tree: tinyconfig + configs/guest.config + fragments.
# Prints the path of bzImage.
set -eu
. "$(dirname "$0")/config.sh"

ref=$1 build=$2; shift 2
cd "$TREE"
git checkout -q "$ref"
mkdir -p "$build"
cat "$TOP/configs/guest.config" "$@" >"$build/fragment.config"
if ! cmp -s "$build/fragment.config" "$build/fragment.used" 2>/dev/null; then
	make -s O="$build" tinyconfig >/dev/null
	scripts/kconfig/merge_config.sh -m -O "$build" "$build/.config" \
		"$build/fragment.config" >/dev/null
	make -s O="$build" olddefconfig >/dev/null
	while read -r want; do
		case $want in CONFIG_*) grep -qx "$want" "$build/.config" ||
			die "$want did not make it into $build/.config";;
		esac
	done <"$build/fragment.config"
	cp "$build/fragment.config" "$build/fragment.used"
fi
say "building $ref in $build"
CCACHE_DIR=$CACHE/ccache make -s O="$build" CC="ccache gcc" -j"$(nproc)" \
	bzImage >&2 || die "kernel build of $ref failed (above); build dir $build"
echo "$build/arch/x86/boot/bzImage"
