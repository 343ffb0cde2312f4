#!/bin/bash
# make fresh: README's two commands where nothing was installed by hand.
# debootstrap makes a minimal Debian 12 (minbase: apt and the essential
# packages, plus make to start with) with this machine's apt sources; a clone
# of the committed HEAD of this repository goes in it, and 'make' then
# 'make check' run there as root with an empty cache, so every package they
# need must be installed by the workbench itself; a second make check
# shows the warm time. The chroot has its own mount namespace (/proc, /sys
# and /dev of this machine), so QEMU and UML run as they do outside.
# The full log stays in the cache; the lines the table is made of go to
# results/fresh/NAME.log, the table to NAME.md (NAME=cold unless set).
set -eu
. "$(dirname "$0")/config.sh"

lock	# makes $CACHE, and one fresh chroot at a time
"$TOP/scripts/helpers/deps.sh" debootstrap
root=$CACHE/fresh
log=$CACHE/fresh.log
commit=$(git -C "$TOP" rev-parse --short=12 HEAD)
[ -z "$(git -C "$TOP" status --porcelain)" ] ||
	say "uncommitted changes in $TOP are not tested: the clone is of HEAD ($commit)"

rm -rf "$root"
say "debootstrap of Debian 12 (minbase) into $root"
debootstrap --variant=minbase --include=make bookworm "$root" \
	http://deb.debian.org/debian >"$CACHE/debootstrap.log" 2>&1 ||
	die "debootstrap failed; see $CACHE/debootstrap.log"
rm -f "$root/etc/apt/sources.list"
cp /etc/apt/sources.list.d/*.sources "$root/etc/apt/sources.list.d/"
cp -L /etc/resolv.conf "$root/etc/"
# The commit named above, even if HEAD moved during debootstrap.
git clone -q "$TOP" "$root/work/main"
git -C "$root/work/main" checkout -q -B main "$commit"

say "make and make check in the chroot; log: $log"
echo "fresh: workbench at $commit" >"$log"
export root
unshare -m --propagation private sh -c '
	mount --bind "$root" "$root"	# a mount point, for unshare -m inside
	mount -t proc proc "$root/proc"
	mount --rbind /sys "$root/sys"
	mount --rbind /dev "$root/dev"
	exec chroot "$root" env -i HOME=/root TERM=dumb \
		PATH=/usr/sbin:/usr/bin:/sbin:/bin XDG_CACHE_HOME=/root/cache \
		bash -c "cd /work/main && timed() { s=\$(date +%s); l=\$1; shift;
			\"\$@\"; rc=\$?
			echo \"fresh: \$l exit \$rc, \$((\$(date +%s) - s)) s\"; }
			timed make make; timed \"make check\" make check
			timed \"make check, warm\" make check"' 2>&1 | tee -a "$log"

out=$CACHE/fresh-results/${NAME:-cold}
rm -rf "${out%/*}"; mkdir -p "${out%/*}"
grep -E '^(fresh: |==> |PASS: |FAIL: |[0-9]+ passed, [0-9]+ failed$)|Ran [0-9]+ tests|Elapsed time' \
	"$log" >"$out.log"
"$TOP/scripts/report/fresh.sh" "$out.log" "$out.csv" | tee "$out.md"
save -k fresh "$out".*
grep -q '^fresh: make check exit 0' "$log"
