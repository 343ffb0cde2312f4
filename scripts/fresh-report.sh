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
for cmd in make "make check"; do
	line=$(grep "^fresh: $cmd exit " "$log" | tail -n 1)
	[ -n "$line" ] || { echo "| \`$cmd\` | did not finish | |"; continue; }
	rc=$(echo "$line" | sed 's/.* exit \([0-9]*\),.*/\1/')
	s=$(echo "$line" | sed 's/.*, \([0-9]*\) s$/\1/')
	case $cmd in
	make) what=$(grep -m1 -o 'Ran [0-9]* tests: .*' "$log" || echo 'no KUnit result') ;;
	*) what=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1) ;;
	esac
	echo "| \`$cmd\` | exit $rc: $what | $(mins "$s") |"
	# make bisect's own per-patch lines look alike; its total is its check.
	[ "$cmd" = make ] || grep -E '^(PASS|FAIL): .* \[[0-9]+ s\]$' "$log" |
		grep -Ev '^(PASS|FAIL): patch [0-9]+ \(' |
		sed -E 's/^(PASS|FAIL): (.*) \[([0-9]+) s\]$/\1 \3 \2/' |
		while read -r verdict s what; do
			echo "| $what | $verdict | $(mins "$s") |"
		done
done
