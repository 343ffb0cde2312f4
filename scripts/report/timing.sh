#!/bin/bash
# report/timing.sh LOG: the table of a 'make timing' log: for each kernel
# and part, the median, the fastest and the slowest run, and the host's
# load average before the runs (median).
set -eu
. "$(dirname "$0")/../config.sh"
log=$1
echo "$(sed -n 's/^timing: //p' "$log"): the time kunit.py exec reports under UML, in seconds, boot included; the host's 1-minute load average before each run."
echo
echo "| UML kernel | what ran | runs | median | fastest | slowest | load, median |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for kernel in up smp; do
	case $kernel in
	up) k="one CPU, as \`make\` builds it" ;;
	smp) k="\`CONFIG_SMP=y\`, \`ncpus=2 seccomp=on\`" ;;
	esac
	for what in policy buffer slow; do
		case $what in
		policy) label="\`apparmor_policy_unpack\` (about UML's boot)" ;;
		buffer) label="\`apparmor_buffer_cache\`, \`--filter 'speed>slow'\`" ;;
		slow) label="its slow case alone, \`--filter 'speed=slow'\`" ;;
		esac
		runs() { awk -v k="$kernel" -v w="$what" -v c="$1" \
			'$1 == "run" && $3 == k && $4 == w { print $c }' "$log"; }
		[ -n "$(runs 5)" ] || continue
		load=$(runs 6 | median_range | cut -d' ' -f1)
		runs 5 | median_range | awk -v k="$k" -v l="$label" -v ld="$load" \
			'{ printf "| %s | %s | %d | %.3f | %.3f | %.3f | %.2f |\n", k, l, $4, $1, $2, $3, ld }'
	done
done
