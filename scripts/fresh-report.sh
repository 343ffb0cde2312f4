#!/bin/bash
# fresh-report.sh LOG: the table of a 'make fresh' log: each command's exit
# status and time, then each check of 'make check' with its time.
set -eu
log=$1
commit=$(sed -n 's/^fresh: workbench at //p' "$log")
mins() { echo "$(($1 / 60)) min $(($1 % 60)) s"; }
echo "\`make fresh\` of $commit: Debian 12 (debootstrap minbase, make), empty cache."
echo
pkgs=$(sed -n 's/^==> installing missing Debian packages: *//p' "$log" | tr -s ' \n' ' ' | sed 's/ $//')
echo "Installed by the workbench itself: ${pkgs:-none}."
echo
echo "| command, or check of \`make check\` | result | time |"
echo "| --- | --- | --- |"
# section N: the output of the Nth command, up to its "fresh: ... exit" line.
section() {
	awk -v n="$1" '/^fresh: .* exit [0-9]+, [0-9]+ s$/ { if (++i == n) print; next }
		i == n - 1' "$log"
}
n=0
for cmd in make "make check" "make check, warm"; do
	n=$((n + 1))
	sec=$(section "$n")
	line=$(echo "$sec" | grep "^fresh: $cmd exit " || true)
	label="\`$cmd\`"
	[ "$cmd" != "make check, warm" ] || label="\`make check\`, warm"
	if [ -z "$line" ]; then	# older logs have no warm run
		[ "$cmd" = "make check, warm" ] || echo "| $label | did not finish | |"
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
	echo "| $label | exit $rc: $what | $(mins "$s") |"
	# The parts of the cold make check. make bisect's own per-patch lines
	# look alike; its total is its check.
	[ "$cmd" = "make check" ] || continue
	echo "$sec" | grep -E '^(PASS|FAIL): .* \[[0-9]+ s\]$' |
		grep -Ev '^(PASS|FAIL): patch [0-9]+ \(' |
		sed -E 's/^(PASS|FAIL): (.*) \[([0-9]+) s\]$/\1 \3 \2/' |
		while read -r verdict s what; do
			echo "| $what | $verdict | $(mins "$s") |"
		done
done
