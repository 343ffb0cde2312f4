#!/bin/bash
# make insns: x86_64 instruction counts (objdump -d) of aa_get_buffer() and
# aa_put_buffer() with CONFIG_KUNIT=n, on the fixed tree before the test
# seam (series~2) and on the whole series. Out-of-line copies of the seam's
# helpers, if the compiler left any, are counted too.
set -eu
. "$(dirname "$0")/config.sh"

"$TOP/scripts/deps.sh" $DEPS_BUILD $DEPS_X86
"$TOP/scripts/tree.sh"
"$TOP/scripts/apply.sh"
cd "$TREE"
trap 'git checkout -q -f series' EXIT
build=$CACHE/build/x86_64-insns
if [ ! -f "$build/.config" ]; then
	make -s O="$build" ARCH=x86_64 tinyconfig >/dev/null
	scripts/config --file "$build/.config" -e 64BIT -e SMP -e NET \
		-e SECURITY -e SECURITY_APPARMOR -d KUNIT
	make -s O="$build" ARCH=x86_64 olddefconfig >/dev/null
fi
grep -q '^# CONFIG_KUNIT is not set' "$build/.config" || ! grep -q '^CONFIG_KUNIT=' "$build/.config" ||
	die "$build/.config has KUNIT enabled"

count() {	# count REF: instructions per function of lsm.o at REF
	git checkout -q "$1"
	make -s O="$build" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)" \
		security/apparmor/lsm.o >/dev/null
	objdump -d --no-show-raw-insn "$build/security/apparmor/lsm.o" | awk '
		/^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn) }
		/^ +[0-9a-f]+:\t/ { n[fn]++ }
		END { for (f in n) if (f ~ /^(aa_get_buffer|aa_put_buffer|aa_buffer_pool|aa_get_local_cache|aa_buffer_pool_trylock|aa_alloc_buffer)$/) print f, n[f] }' |
		sort
}
export CCACHE_DIR=$CACHE/ccache
before=$(count series~2)
after=$(count series)
printf '%-24s %8s %8s\n' function before after
join -a1 -a2 -e - -o 0,1.2,2.2 <(echo "$before") <(echo "$after") |
	while read -r f b a; do printf '%-24s %8s %8s\n' "$f" "$b" "$a"; done
sum() { echo "$1" | awk '{ s += $2 } END { print s }'; }
printf '%-24s %8s %8s\n' total "$(sum "$before")" "$(sum "$after")"
[ "$(sum "$before")" = "$(sum "$after")" ]
