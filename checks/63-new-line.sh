#!/bin/bash
# A kernel line is a folder of lines/ and its series in patches/LINE/. In a
# copy of the workbench, a made-up line 9.99 (the default line's folder and
# series, with a fingerprint of its own: a marker in lsm.c) is one of LINES
# and LINE=9.99 takes its facts; a tree with 7.3's code and the marker
# matches both lines and is refused, naming both; once 7.3's fingerprint
# excludes the marker, KERNEL_SRC picks 9.99 for that tree and applies
# patches/9.99/, and the plain tree is still the default line's.
set -eu
. "$(dirname "$0")/lib.sh"
only_debian
cd "$TREE"

new=9.99 wb=$RUN/new-line mark='/* made-up kernel line 9.99 */'
rm -rf "$wb"; mkdir -p "$wb"
(cd "$TOP" && tar --exclude=./.git -cf - .) | tar -xf - -C "$wb"
cp -r "$wb/lines/$DEFAULT_LINE" "$wb/lines/$new"
mkdir "$wb/patches/$new"
cp "$TOP"/patches/*.patch "$TOP/patches/cover-letter.txt" "$wb/patches/$new/"
printf '%s\n' "FINGERPRINT+=('security/apparmor/lsm.c:^${mark//\*/\\*}\$')" \
	'RFC_PATCHES= DUMPS=' >>"$wb/lines/$new/line.conf"
# facts LINE: what config.sh takes from lines/ for LINE=LINE, in the copy.
facts() {
	LINE=$1 bash -c '. "$0/scripts/config.sh"; echo "$LINES"
		echo "$DEB_PACKAGE ${PATCHES#"$TOP"/} ${NEGATIVE#"$TOP"/}" \
			"${MUTANTS#"$TOP"/} ${OUT#"$CACHE"/}"' "$wb"
}

# A tree of the default line's code with the marker, under the cache so
# that tree.sh's clone of it is made once.
marked=$CACHE/new-line-linux
user_tree
if [ "$(git -C "$marked" log -1 --format=%s 2>/dev/null)" != "$mark" ]; then
	rm -rf "$marked"
	git clone -q --shared --no-checkout "$user" "$marked"
	git -C "$marked" sparse-checkout set security/apparmor
	git -C "$marked" checkout -q -f
	echo "$mark" >>"$marked/security/apparmor/lsm.c"
	wb_git -C "$marked" commit -q -a -m "$mark"
fi
# pick TREE: the line KERNEL_SRC=TREE is taken for in the copy, or its
# refusal.
pick() {
	KERNEL_SRC=$1 bash -c '. "$0/scripts/config.sh" && echo "$LINE"' \
		"$wb" 2>&1 || true
}

rc=0
out=$(facts "$new") || rc=1
echo "LINE=$new: $out"
case " $(echo "$out" | head -n 1) " in *" $new "*) ;; *)
	echo "  $new is not one of LINES"; rc=1 ;; esac
[ "$(echo "$out" | tail -n +2)" = "linux-source-$new patches/$new lines/$new/negative-control.expected lines/$new/mutants $new" ] ||
	{ echo "  not the facts of lines/$new/"; rc=1; }
out=$(pick "$marked")
echo "KERNEL_SRC=<$DEFAULT_LINE's code with the marker>: $out"
echo "$out" | grep -qF "matches the kernel lines $DEFAULT_LINE $new, by their lines/LINE/line.conf's FINGERPRINT" ||
	{ echo "  not refused as matching both"; rc=1; }
echo "FINGERPRINT+=('!security/apparmor/lsm.c:^${mark//\*/\\*}\$')" \
	>>"$wb/lines/$DEFAULT_LINE/line.conf"
out=$(pick "$marked")
echo "the same, once $DEFAULT_LINE's fingerprint excludes the marker: $out"
[ "$out" = "$new" ] || { echo "  not taken for $new"; rc=1; }
out=$(pick "$user")
echo "KERNEL_SRC=<a clone of stock>: $out"
[ "$out" = "$DEFAULT_LINE" ] || { echo "  not taken for $DEFAULT_LINE"; rc=1; }
(export KERNEL_SRC=$marked; "$wb/scripts/helpers/tree.sh" && "$wb/scripts/helpers/apply.sh") \
	>"$RUN/new-line-apply.log" 2>&1 || rc=1
cat "$RUN/new-line-apply.log"
grep -qF "applied: patches/$new/ on $marked's HEAD" "$RUN/new-line-apply.log" ||
	{ echo "  patches/$new/ not applied"; rc=1; }
rm -rf "$wb"
report $rc "a new kernel line is a folder of lines/ and patches/LINE/: a made-up one is listed, takes its facts from its folder, is picked for a tree by its fingerprint, whose series it applies; a tree that two lines' fingerprints match is refused naming both" "$RUN/new-line-apply.log"
