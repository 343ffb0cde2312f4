#!/bin/bash
# report/fresh.sh LOG: the table of a 'make fresh' log: each command's exit
# status and time, then each check of 'make check' with its time; the
# table also saved as CSV, for report/proven.sh.
# Usage: scripts/report/fresh.sh LOG CSV
set -eu
. "$(dirname "$0")/../config.sh"
log=$1 csv=$2
commit=$(sed -n 's/^fresh: workbench at //p' "$log")
echo "\`make fresh\` of $commit: Debian 12 (debootstrap minbase, make), empty cache."
echo
pkgs=$(sed -n 's/^==> installing missing Debian packages: *//p' "$log" | tr -s ' \n' ' ' | sed 's/ $//')
echo "Installed by the workbench itself: ${pkgs:-none}."
echo
# section N: the output of the Nth command, up to its "fresh: ... exit" line.
section() {
	awk -v n="$1" '/^fresh: .* exit [0-9]+, [0-9]+ s$/ { if (++i == n) print; next }
		i == n - 1' "$log"
}
n=0
{ printf 'command, or check of `make check`\tresult\ttime\n'
for cmd in make "make check" "make check, warm"; do
	n=$((n + 1))
	sec=$(section "$n")
	line=$(echo "$sec" | grep "^fresh: $cmd exit " || true)
	label="\`$cmd\`"
	[ "$cmd" != "make check, warm" ] || label="\`make check\`, warm"
	if [ -z "$line" ]; then	# older logs have no warm run
		[ "$cmd" = "make check, warm" ] || printf '%s\tdid not finish\t\n' "$label"
		continue
	fi
	rc=$(echo "$line" | sed 's/.* exit \([0-9]*\),.*/\1/')
	s=$(echo "$line" | sed 's/.*, \([0-9]*\) s$/\1/')
	case $cmd in
	make) what=$(echo "$sec" | grep -m1 -o 'Ran [0-9]* tests: .*' || echo 'no KUnit result')
		b=$(echo "$sec" | sed -n 's/.*Elapsed time: .*, \([0-9]*\)\.[0-9]*s building.*/\1/p')
		[ -z "$b" ] || what="$what; the UML build $(mins "$b")" ;;
	*) what=$(echo "$sec" | grep -E '^[0-9]+ passed, [0-9]+ failed$' || echo 'no summary') ;;
	esac
	printf '%s\texit %s: %s\t%s\n' "$label" "$rc" "$what" "$(mins "$s")"
	# The parts of the cold make check. make bisect's own per-patch lines
	# look alike; its total is its check.
	[ "$cmd" = "make check" ] || continue
	echo "$sec" | grep -E '^(PASS|FAIL): .* \[[0-9]+ s\]$' |
		grep -Ev '^(PASS|FAIL): patch [0-9]+ \(' |
		sed -E 's/^(PASS|FAIL): (.*) \[([0-9]+) s\]$/\1 \3 \2/' |
		while read -r verdict s what; do
			printf '%s\t%s\t%s\n' "$what" "$verdict" "$(mins "$s")"
		done
done; } | table "$csv"
