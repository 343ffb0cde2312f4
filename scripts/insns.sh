#!/bin/bash
# make insns: x86_64 instruction counts (objdump -d) of aa_get_buffer() and
# aa_put_buffer() on the fixed tree before the posted hooks (stock, or the
# fix where the series carries it) and after them (branch posting), with
# CONFIG_KUNIT=n and with CONFIG_KUNIT=m (configs/kunit-m.config, as
# distributions build it); on a line with an RFC also the RFC (branch rfc,
# KUNIT=n). Out-of-line copies of the hooks, if the compiler left any, are
# counted too. The table, and its CSV, are saved as results/insns/LINE.txt
# and LINE.csv.
set -eu
. "$(dirname "$0")/config.sh"

ready $DEPS_X86
trap 'git checkout -q -f series' EXIT
build=$BUILD/x86_64-insns buildm=$BUILD/x86_64-insns-m
tiny_config x86_64 "$build" "$TOP/configs/apparmor.config"
! grep -q '^CONFIG_KUNIT=' "$build/.config" || die "$build/.config has KUNIT"
tiny_config x86_64 "$buildm" "$TOP/configs/apparmor.config" \
	"$TOP/configs/kunit-m.config"

count() {	# count REF [BUILD]: instructions per function of lsm.o at REF
	local b=${2:-$build}
	git checkout -q "$1"
	kmake x86_64 "$b" security/apparmor/lsm.o >/dev/null ||
		die "cannot build lsm.o at $1"
	objdump -d --no-show-raw-insn "$b/security/apparmor/lsm.o" | awk '
		/^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn) }
		/^ +[0-9a-f]+:\t/ { n[fn]++ }
		END { for (f in n) if (f ~ /^(aa_get_buffer|aa_put_buffer|aa_buffer_pool|aa_get_local_cache|aa_buffer_pool_trylock|aa_alloc_buffer)$/) print f, n[f] }' |
		sort
}
# the fixed tree before the hooks: posting less its test patches
fixed=posting~$(test_patches | wc -l)
sum() { echo "$1" | awk '{ s += $2 } END { print s }'; }
# join2 ROWS COUNTS: ROWS with a column of COUNTS (and their total) added
join2() {
	local n; n=$(echo "$1" | head -n 1 | wc -w)
	join -a1 -a2 -e - -o "0$(seq -s '' -f ',1.%g' 2 "$n"),2.2" \
		<(echo "$1") <(printf '%s\ntotal %s\n' "$2" "$(sum "$2")" | sort)
}
before=$(count "$fixed") after=$(count posting)
beforem=$(count "$fixed" "$buildm") afterm=$(count posting "$buildm")
[ -n "$before" ] && [ -n "$after" ] || die "aa_get_buffer/aa_put_buffer not found in lsm.o"
rows=$(join2 "$(printf '%s\ntotal %s\n' "$before" "$(sum "$before")" | sort)" "$after")
rows=$(join2 "$(join2 "$rows" "$beforem")" "$afterm")
header="function before after before-m after-m"
if [ -n "$RFC_PATCHES" ]; then
	rfc=$(count rfc)
	rows=$(join2 "$rows" "$rfc")
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
# Without KUnit the hooks add nothing: no more instructions, no
# out-of-line helper.
[ "$(sum "$after")" -le "$(sum "$before")" ] &&
	! echo "$after" | grep -qv '^aa_[gp][eu]t_buffer '
