#!/bin/bash
# initramfs.sh DIR INIT [ROOT...]: an initramfs of Debian's static busybox,
# INIT as /init, repro/guest.sh (what every guest's init sources) as
# /guest.sh and the trees ROOT copied in; prints the path of DIR.cpio.gz.
set -eu
. "$(dirname "$0")/../config.sh"

dir=$1 init=$2; shift 2
rm -rf "$dir"
mkdir -p "$dir/bin" "$dir/proc" "$dir/sys" "$dir/dev" "$dir/tmp"
cp /bin/busybox "$dir/bin/"
for applet in $(/bin/busybox --list | grep -vx busybox); do
	ln -sf busybox "$dir/bin/$applet"
done
ln -s bin "$dir/sbin"
install -m 755 "$init" "$dir/init"
cp "$TOP/repro/guest.sh" "$dir/"
for root in "$@"; do cp -a "$root"/. "$dir"/; done
(cd "$dir" && find . | cpio -o -H newc --quiet | gzip -1) >"$dir.cpio.gz"
echo "$dir.cpio.gz"
