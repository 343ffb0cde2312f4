#!/bin/bash
# guest.sh REF BUILD_DIR [FRAGMENT...]: build an x86_64 kernel for QEMU from
# REF of the workbench tree: tinyconfig + configs/apparmor.config +
# configs/guest.config + fragments.
# Prints the path of bzImage.
set -eu
. "$(dirname "$0")/../config.sh"

ref=$1 build=$2; shift 2
# Each REF is built from a worktree of its own, which other checkouts of
# the tree leave alone: switching REFs rewrites no source file, so a build
# dir stays warm, and a build can run while another job uses $TREE. With
# WORKTREE=NAME, from worktree NAME instead: one build dir that builds
# several REFs in turn from one worktree rebuilds only the files in which
# they differ (make dumps).
wt=$OUT/worktrees/${WORKTREE:-$ref}
if git -C "$wt" rev-parse -q --verify HEAD >/dev/null 2>&1; then
	git -C "$wt" checkout -q -f --detach "$ref"
else
	rm -rf "$wt"; git -C "$TREE" worktree prune
	git -C "$TREE" worktree add -q --detach "$wt" "$ref"
fi
cd "$wt"
tiny_config x86_64 "$build" "$TOP/configs/apparmor.config" \
	"$TOP/configs/guest.config" "$@"
# With CONFIG_GDB_SCRIPTS, vmlinux-gdb.py too, for gdb on $build/vmlinux;
# with CONFIG_MODULES, the modules.
targets=bzImage
grep -q '^CONFIG_GDB_SCRIPTS=y' "$build/.config" && targets="$targets scripts_gdb"
grep -q '^CONFIG_MODULES=y' "$build/.config" && targets="$targets modules"
say "building $ref in $build"
kmake x86_64 "$build" $targets >&2 || die "kernel build of $ref failed (above); build dir $build"
echo "$build/arch/x86/boot/bzImage"
