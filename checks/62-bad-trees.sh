#!/bin/bash
# make refuses, with the reason, a KERNEL_SRC that is missing, not Linux,
# without the per-CPU cache, not git, dirty, or of another line than LINE.
set -eu
. "$(dirname "$0")/lib.sh"
only_debian
cd "$TREE"

# refused TREE MESSAGE [VAR=VALUE]: make refuses KERNEL_SRC=TREE with MESSAGE.
refused() {
	out=$(env KERNEL_SRC="$1" ${3:-} "$TOP/scripts/run.sh" 2>&1) &&
		{ echo "KERNEL_SRC=$1 was not refused"; return 1; }
	echo "KERNEL_SRC=$1: $out"
	echo "$out" | grep -qF "$2" || { echo "  not: $2"; return 1; }
}
t=$RUN/trees
rm -rf "$t"
mkdir -p "$t/none" "$t/other/security/apparmor" "$t/nogit/security/apparmor/include"
git -C "$t/none" init -q
for f in lsm.c include/path.h; do
	git show "stock:security/apparmor/$f" >"$t/nogit/security/apparmor/$f"
done
cp -r "$t/nogit" "$t/dirty"
(cd "$t/dirty" && git init -q && git add -A && wb_git commit -q -m tree &&
 echo >>security/apparmor/lsm.c)
echo '/* an lsm.c without the per-CPU buffer cache */' \
	>"$t/other/security/apparmor/lsm.c"
user_tree
rc=0
refused "$t/missing" "KERNEL_SRC=$t/missing is not a directory" || rc=1
refused "$t/none" "has no security/apparmor/lsm.c" || rc=1
refused "$t/other" "matches no kernel line of lines/ ($LINES, by each line.conf's FINGERPRINT)" || rc=1
refused "$t/nogit" "is not a git tree" || rc=1
refused "$t/dirty" "has uncommitted changes" || rc=1
other=$(printf '%s\n' $LINES | grep -vxF "$LINE" | head -n 1)
refused "$user" "has $LINE's code, not LINE=$other's" LINE=$other || rc=1
rm -rf "$t"
report $rc "KERNEL_SRC: a tree that is missing, not Linux, without the per-CPU cache, not git, dirty, or of another line than LINE is refused, with the reason"
