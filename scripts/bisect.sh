#!/bin/bash
# make bisect: walk the series one patch at a time. After each patch the
# AppArmor objects build for UML and for x86_64 with W=1 (and sparse, C=2,
# if this kernel accepts the installed sparse) with no warning the base
# (the pre-fix tree) lacks, kernel-doc -Wall finds
# nothing new in the files the series touches, and the KUnit suites build,
# link and pass under UML. Incremental builds make a step cost seconds.
# On 7.3 the walk goes on through the RFC of patches/rfc/ (branch rfc).
set -eu
. "$(dirname "$0")/config.sh"

ready sparse
trap 'git checkout -q -f series' EXIT
out=$OUT/bisect
mkdir -p "$out"

# Kbuild runs sparse only if scripts/checker-valid.sh accepts it, and
# otherwise skips C=2 with a mere notice. In 7.x that needs
# __typeof_unqual__, which Debian 12's sparse 0.6.4 lacks. Say so rather
# than claim a sparse run. 6.12 has no checker-valid.sh: sparse runs.
check=C=2
if [ -f scripts/checker-valid.sh ] &&
   [ "$(sh scripts/checker-valid.sh sparse 2>/dev/null)" != 1 ]; then
	check=
	echo "sparse: NOT RUN: this kernel's scripts/checker-valid.sh rejects sparse $(sparse --version 2>&1); W=1 and kernel-doc only"
fi

# UML has no SMP in 6.12 (7.x has it): there the UML build goes without.
grep -v '^CONFIG_SMP=' "$TOP/configs/apparmor.config" >"$out/apparmor-up.config"
for arch in um x86_64; do
	config=$TOP/configs/apparmor.config
	[ $arch != um ] || grep -q '^config SMP$' arch/um/Kconfig ||
		config=$out/apparmor-up.config
	tiny_config $arch "$BUILD/$arch-w1" "$config" "$TOP/configs/kunit.config"
done

# warnings REF: W=1, sparse and kernel-doc warnings about security/apparmor
# at REF, without line numbers so that moved code compares equal.
warnings() {
	for arch in um x86_64; do
		kmake $arch "$BUILD/$arch-w1" W=1 $check security/apparmor/ 2>&1 |
			grep -E 'warning|error' | sed "s/^/$arch: /" || true
	done
	scripts/kernel-doc -none -Wall security/apparmor/lsm.c \
		security/apparmor/include/path.h $(ls security/apparmor/*_test.c) 2>&1 |
		sed 's/^/kernel-doc: /'
} 
strip() { sed -E 's/:[0-9]+(:[0-9]+)?:/:/; s/lsm\.c:[0-9]+ /lsm.c /' | sort -u; }

rc=0
git checkout -q prefix
warnings | strip >"$out/base.txt"
echo "base (pre-fix tree): $(wc -l <"$out/base.txt") known warnings"
n=0
tip=series
[ -z "$RFC_PATCHES" ] || tip=rfc
for c in $(git rev-list --reverse prefix..$tip); do
	n=$((n + 1))
	git checkout -q "$c"
	subject=$(git log -1 --format=%s)
	start=$(date +%s)
	warnings | strip >"$out/$n.txt"
	new=$(comm -13 "$out/base.txt" "$out/$n.txt")
	json=$OUT/bisect-$n.json
	rm -f "$json"
	# 6.12 has no security/apparmor/.kunitconfig until patch 3 adds it.
	kc=security/apparmor
	if [ ! -f $kc/.kunitconfig ]; then
		git show series:$kc/.kunitconfig >"$out/kunitconfig"
		kc=$out/kunitconfig
	fi
	KUNITCONFIG=$kc kunit "$BUILD/um" "$json" >"$out/$n-kunit.log" 2>&1 || true
	fails=$( [ -f "$json" ] && failed_cases "$json" || echo "no KUnit result: $out/$n-kunit.log")
	if [ -z "$new" ] && [ -z "$fails" ]; then
		echo "PASS: ${LABEL}patch $n ($subject): no new warnings, KUnit passes [$(($(date +%s) - start)) s]"
	else
		rc=1
		echo "FAIL: ${LABEL}patch $n ($subject)"
		[ -z "$new" ] || echo "$new" | sed 's/^/  new warning: /'
		[ -z "$fails" ] || echo "$fails" | sed 's/^/  KUnit: /'
	fi
done
exit $rc
