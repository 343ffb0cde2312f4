#!/bin/bash
# timing-report.sh LOG: the table of a 'make timing' log, the median, the
# fastest and the slowest run of each part.
set -eu
. "$(dirname "$0")/config.sh"
log=$1
echo "$(sed -n 's/^timing: //p' "$log"): the time kunit.py exec reports under UML, in seconds, boot included."
echo
echo "| what ran | runs | median | fastest | slowest |"
echo "| --- | --- | --- | --- | --- |"
for what in policy buffer slow; do
	case $what in
	policy) label="\`apparmor_policy_unpack\` (about UML's boot)" ;;
	buffer) label="\`apparmor_buffer_cache\`, \`--filter 'speed>slow'\`" ;;
	slow) label="its slow case alone, \`--filter 'speed=slow'\`" ;;
	esac
	awk -v w="$what" '$1 == "run" && $3 == w { print $4 }' "$log" | median_range |
		awk -v l="$label" '{ printf "| %s | %d | %.3f | %.3f | %.3f |\n", l, $4, $1, $2, $3 }'
done
