#!/bin/bash
# make insns: x86_64 instruction counts (objdump -d) of aa_get_buffer() and
# aa_put_buffer() with CONFIG_KUNIT=n, on the fixed tree before the test
# seam (prefix + patch 1) and on the whole series; on a line with an RFC
# also on it (branch rfc). Out-of-line copies of the seam's helpers, if the
# compiler left any, are counted too. The table, and its CSV, are saved as
# results/insns/LINE.txt and LINE.csv.
set -eu
. "$(dirname "$0")/config.sh"

ready $DEPS_X86
trap 'git checkout -q -f series' EXIT
build=$BUILD/x86_64-insns
tiny_config x86_64 "$build" "$TOP/configs/apparmor.config"
! grep -q '^CONFIG_KUNIT=' "$build/.config" || die "$build/.config has KUNIT"

count() {	# count REF: instructions per function of lsm.o at REF
	git checkout -q "$1"
	kmake x86_64 "$build" security/apparmor/lsm.o >/dev/null ||
		die "cannot build lsm.o at $1"
	objdump -d --no-show-raw-insn "$build/security/apparmor/lsm.o" | awk '
		/^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn) }
		/^ +[0-9a-f]+:\t/ { n[fn]++ }
		END { for (f in n) if (f ~ /^(aa_get_buffer|aa_put_buffer|aa_buffer_pool|aa_get_local_cache|aa_buffer_pool_trylock|aa_alloc_buffer)$/) print f, n[f] }' |
		sort
	[ -f "$build/security/apparmor/lsm.o" ] || die "no lsm.o at $1"
}
before=$(count "$(git rev-list --reverse prefix..series | head -n 1)")
after=$(count series)
[ -n "$before" ] && [ -n "$after" ] || die "aa_get_buffer/aa_put_buffer not found in lsm.o"
rows=$(join -a1 -a2 -e - -o 0,1.2,2.2 <(echo "$before") <(echo "$after"))
sum() { echo "$1" | awk '{ s += $2 } END { print s }'; }
rows="$rows
total $(sum "$before") $(sum "$after")"
header="function before after"
if [ -n "$RFC_PATCHES" ]; then
	rfc=$(count rfc)
	rows=$(join -a1 -a2 -e - -o 0,1.2,1.3,2.2 <(echo "$rows") \
		<(printf '%s\ntotal %s\n' "$rfc" "$(sum "$rfc")"))
	header="$header rfc"
fi
# total last, as the join sorted it among the functions
table=$(echo "$header
$(echo "$rows" | grep -v '^total ')
$(echo "$rows" | grep '^total ')")
mkdir -p "$OUT/insns"
echo "$table" | tr ' ' , >"$OUT/insns/$LINE.csv"
echo "$table" | while read -r f cols; do
	# shellcheck disable=SC2086
	printf '%-24s' "$f"; printf ' %8s' $cols; echo
done | tee "$OUT/insns/$LINE.txt"
save -k insns "$OUT/insns/$LINE.txt" "$OUT/insns/$LINE.csv"
# The seam must add nothing: no more instructions, no out-of-line helper.
[ "$(sum "$after")" -le "$(sum "$before")" ] &&
	! echo "$after" | grep -qv '^aa_[gp][eu]t_buffer '
