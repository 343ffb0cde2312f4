#!/bin/bash
# debconfig.sh FLAVOUR: print, as a config fragment, the preemption and
# timer-tick options of the kernel Debian ships for LINE: file
# config.amd64_FLAVOUR_amd64 (FLAVOUR none or rt) of Debian's package
# linux-config-LINE, the version of the source package, pinned by SHA-256.
set -eu
. "$(dirname "$0")/config.sh"

flavour=$1
[ -n "${CONFIG_SHA256:-}" ] || die "LINE=$LINE: no linux-config package pinned"
pkg=linux-config-$LINE
deb=$CACHE/deb/${pkg}_$(echo "$DEB_VERSION" | sed 's/:/%3a/')_amd64.deb
if ! echo "$CONFIG_SHA256  $deb" | sha256sum -c --status 2>/dev/null; then
	rm -rf "$deb" "$deb.tmp"; mkdir -p "$deb.tmp"
	apt_private update >&2 || die "cannot reach Debian's $DEB_SUITE archive"
	(cd "$deb.tmp" && apt_private download "$pkg=$DEB_VERSION") >&2 ||
		die "apt-get download $pkg=$DEB_VERSION failed (above); rerun" \
			"when the archive is reachable"
	echo "$CONFIG_SHA256  $(ls "$deb.tmp"/*.deb)" | sha256sum -c --status ||
		{ rm -rf "$deb.tmp"; die "downloaded $pkg $DEB_VERSION does" \
			"not match CONFIG_SHA256 in scripts/config.sh; rerun"; }
	mv "$deb.tmp"/*.deb "$deb"; rm -rf "$deb.tmp"
fi
file=config.amd64_${flavour}_amd64
echo "# From $file in Debian's $(basename "$deb")"
dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$pkg/$file.xz" | xz -d |
	grep -E '^(# )?CONFIG_(PREEMPT[A-Z_]*|HZ[A-Z_0-9]*|NO_HZ[A-Z_]*)[= ]' |
# Not preemption: tracers, and the notifiers KVM selects.
	grep -v -E 'CONFIG_(PREEMPT_TRACER|PREEMPTIRQ_DELAY_TEST|PREEMPT_NOTIFIERS)[= ]' ||
	die "no $file in $(basename "$deb")"
