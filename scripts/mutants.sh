#!/bin/bash
# make mutants: apply each deliberate bug in $MUTANTS (mutants/, or
# mutants/6.12/ for LINE=6.12, without the cap's four) to the patched tree,
# rebuild incrementally, run the suites, and expect apparmor_buffer_cache to
# fail. Prints which cases caught each mutant and the score; fails if any
# mutant survives. "mutants.sh rfc": the bugs of mutants/rfc/ in the RFC's
# new code, on branch rfc.
set -eu
. "$(dirname "$0")/config.sh"

base=series
if [ "${1:-}" = rfc ]; then
	[ -n "$RFC_PATCHES" ] || { say "no RFC for this tree: no RFC mutants"; exit 0; }
	base=rfc MUTANTS=$TOP/mutants/rfc
fi
ready
trap 'git checkout -q -f series' EXIT
killed=0 total=0
for m in "$MUTANTS"/*.patch; do
	name=$(basename "$m" .patch)
	total=$((total + 1))
	git checkout -q -f -B mutant $base
	git apply "$m" || die "${MUTANTS#"$TOP"/}/$name.patch no longer applies to branch $base"
	wb_git commit -q -a -m "mutant $name"
	json=$OUT/mutant.json
	rm -f "$json"
	kunit "$BUILD/um" "$json" >"$OUT/mutant-$name.log" 2>&1 || true
	if [ ! -f "$json" ]; then
		verdict="no result (build or boot failed: $OUT/mutant-$name.log)"
	elif caught=$(failed_cases "$json" | grep '^apparmor_buffer_cache\.'); then
		killed=$((killed + 1))
		verdict="killed by $(echo "$caught" | sed -n 's/^apparmor_buffer_cache\.\(..*\)/\1/p' | paste -sd, | sed 's/,/, /g')"
		# a case without a name: the test kernel died before it reported
		! echo "$caught" | grep -qx 'apparmor_buffer_cache\.' ||
			verdict="$verdict; then the test kernel crashed"
	else
		verdict="SURVIVED"
	fi
	printf '%-36s %s\n' "$name" "$verdict"
done
echo "mutant score: $killed of $total killed"
[ "$killed" = "$total" ]
