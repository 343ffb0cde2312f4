#!/bin/bash
# debconfig.sh FLAVOUR: print, as a config fragment, the preemption and
# timer-tick options of the kernel Debian ships for LINE: file
# config.amd64_none_amd64 (FLAVOUR none) or the rt flavour's file (rt) of
# Debian's package linux-config-LINE, the version of the source package,
# pinned by SHA-256.
set -eu
. "$(dirname "$0")/../config.sh"

flavour=$1
[ -n "${CONFIG_SHA256:-}" ] || die "LINE=$LINE: no linux-config package pinned"
pkg=linux-config-$LINE
deb=$(fetch_deb "$pkg" "$DEB_VERSION" "$CONFIG_SHA256" amd64 newest)
case $flavour in
none)	file=config.amd64_none_amd64 ;;
rt)	file=$RT_FILE ;;	# config.sh's table
*)	die "debconfig.sh: flavour $flavour: none or rt" ;;
esac
echo "# From $file in Debian's $(basename "$deb")"
dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$pkg/$file.xz" | xz -d |
	grep -E '^(# )?CONFIG_(PREEMPT[A-Z_]*|HZ[A-Z_0-9]*|NO_HZ[A-Z_]*)[= ]' |
# Not preemption: tracers, and the notifiers KVM selects.
	grep -v -E 'CONFIG_(PREEMPT_TRACER|PREEMPTIRQ_DELAY_TEST|PREEMPT_NOTIFIERS)[= ]' ||
	die "no $file in $(basename "$deb")"
