# shellcheck shell=sh
# Settings shared by the workbench scripts. Sourced, never run.

# Who signs new patches and the cover letter. Change this line to submit.
SERIES_IDENT='AppArmor Workbench <apparmor-workbench@example.org>'

# The kernel line the workbench works on, LINE=7.3 (default), 7.2 or 6.12:
# Debian's linux-source package of that line, verified by apt against
# Debian's signed index and pinned by SHA-256 so that results are
# reproducible; the series for it; and where its tree and builds live.
# 7.3 takes patches/ (mainline); 7.2, whose include lines differ,
# patches/7.2/; 6.12, which has no cap on hold, patches/6.12/.
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/aa-buffer-series
TOP=$(cd "$(dirname "$0")/.." && pwd)
LINE=${LINE:-7.3}
case $LINE in
7.3)	DEB_SUITE=trixie-backports DEB_VERSION=7.3.4-1~bpo13+1
	DEB_SHA256=703e369ddd4cce971452f5a593ee55df3a5c10c83caf0fa0df039633ed181ee3
	PATCHES=$TOP/patches OUT=$CACHE
	CONFIG_SHA256=1161d8946bd74094857fc1950da809a14e1b3aafe4f3defbec83150520e3e82c ;;
7.2)	DEB_SUITE=trixie-backports DEB_VERSION=7.2.12-1~bpo13+1
	DEB_SHA256=73ca6c22599ba411ab3179642d33501ca2c90174e13c3c8d86e996ea1cbf2a8f
	PATCHES=$TOP/patches/7.2 OUT=$CACHE/7.2 ;;
6.12)	DEB_SUITE=trixie DEB_VERSION=6.12.117-1
	DEB_SHA256=9141325315c7f1eca682113d185a8c77c82814aa6e32f7e127e61d6106403835
	PATCHES=$TOP/patches/6.12 OUT=$CACHE/6.12
	CONFIG_SHA256=12d29b8703e8d33901246011bec674d354781649dcb9fabf136ed0e938b20ca8 ;;
*)	echo "error: LINE=$LINE: the workbench knows 7.3, 7.2 and 6.12" >&2
	exit 1 ;;
esac
# CONFIG_SHA256: linux-config-LINE of the same version, Debian's own kernel
# configs, from which make preempt takes the preemption options.
# Newer versions of the same line are used only when Debian no longer serves
# DEB_VERSION.
DEB_PACKAGE=linux-source-$LINE
# The tree (branches stock, prefix, series...), the builds and the logs.
TREE=$OUT/linux BUILD=$OUT/build
# What 'make patches' writes the series with: its cover letter's text and
# the subject prefix; which cases must fail without patch 1; the mutants.
if [ "$LINE" = 7.3 ]; then
	COVER=$TOP/cover-letter.txt SUBJECT='PATCH v5'
else
	COVER=$TOP/cover-letter-$LINE.txt SUBJECT="PATCH $LINE.y"
fi
# 7.2's buffer code and suite are 7.3's: the same cases fail without the fix.
if [ "$LINE" = 6.12 ]; then
	NEGATIVE=$TOP/tests/negative-control-6.12.expected MUTANTS=$TOP/mutants/6.12
else
	NEGATIVE=$TOP/tests/negative-control.expected MUTANTS=$TOP/mutants
fi

# The RFC series on top of the series, for 7.3 only: patches/rfc/, which
# 'make' applies as branch rfc; the cases that must fail on today's pool.
RFC_PATCHES= RFC_NEGATIVE=$TOP/tests/negative-control-rfc.expected
[ "$LINE" != 7.3 ] || RFC_PATCHES=$TOP/patches/rfc

# The upstream change that patch 1 carries; the pre-fix tree reverts it.
FIX_SHA=640cf2f09575

# Debian's python3 and perl first: checkpatch and kunit.py need their modules.
PATH=/usr/bin:/bin:$PATH

# Git identity and dates for the commits the workbench makes itself, so that
# the same package always yields the same commit IDs.
wb_git() {
	GIT_AUTHOR_NAME=workbench GIT_AUTHOR_EMAIL=workbench@localhost \
	GIT_COMMITTER_NAME=workbench GIT_COMMITTER_EMAIL=workbench@localhost \
	GIT_AUTHOR_DATE=${WB_DATE:-@0 +0000} \
	GIT_COMMITTER_DATE=${WB_DATE:-@0 +0000} \
		git "$@"
}

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Packages the build and the checks need; deps.sh installs what is missing.
DEPS_BUILD='git gcc libc6-dev make flex bison bc python3 python3-ply python3-git perl xz-utils ccache'
DEPS_X86='qemu-system-x86 libelf-dev libssl-dev'

# What in a console log says the kernel went wrong (make x86, make faults).
SPLAT='BUG:|WARNING:|Oops|KASAN|possible recursive locking|circular locking|inconsistent lock state|list_(add|del) corruption|sleeping function called from invalid context'

# The patch files of the series, without the cover letter.
series_patches() { ls "$PATCHES"/0*.patch | grep -v '/0000-'; }
rfc_patches() { ls "$RFC_PATCHES"/0*.patch | grep -v '/0000-'; }

# am BRANCH START PATCH...: git am the patches on START and point BRANCH at
# the result; if one fails, abort, leave BRANCH as it was, name the patch.
am() {
	branch=$1 start=$2; shift 2
	git checkout -q -f --detach "$start"
	if ! wb_git am -q "$@" >"$OUT/am.log" 2>&1; then
		n=$(cat "$(git rev-parse --git-path rebase-apply/next)")
		git am --abort
		grep -v -e "^hint:" -e "^When you have" -e "^If you prefer" \
			-e "^To restore" "$OUT/am.log" >&2 || true
		eval "failed=\${$n}"
		die "$(basename "$failed") does not apply to $start" \
			"($(git log -1 --format=%s "$start")); git am was aborted" \
			"and branch $branch left as it was. Rebase that patch and rerun."
	fi
	git checkout -q -B "$branch"
}

# Run kunit.py from the tree in the current directory on the AppArmor
# suites (KUNITCONFIG, default security/apparmor), with its build directory
# $1 kept in the cache, writing its JSON report to $2. Prints kunit.py's own
# report; returns its exit status.
kunit() {
	build=$1 json=$2; shift 2
	mkdir -p "$build"
	CCACHE_DIR=$CACHE/ccache ./tools/testing/kunit/kunit.py run \
		--kunitconfig="${KUNITCONFIG:-security/apparmor}" --build_dir="$build" \
		--jobs="$(nproc)" --make_options CC="ccache gcc" \
		--json="$json" "$@"
}

# The cases kunit.py's JSON report $1 records as failed, one suite.case a line.
failed_cases() {
	python3 -c '
import json, sys
def walk(g):
    for c in g["test_cases"]:
        if c["status"] != "PASS":
            print(g["name"] + "." + c["name"])
    for s in g["sub_groups"]:
        walk(s)
walk(json.load(open(sys.argv[1])))' "$1"
}

# Run a command with /dev/kvm hidden, so that QEMU falls back to TCG: nested
# KVM hangs or crashes guests on these machines. KVM=1 keeps /dev/kvm.
no_kvm() {
	if [ -e /dev/kvm ] && [ "${KVM:-0}" != 1 ]; then
		ns=-m	# a normal user needs a user namespace too
		[ "$(id -u)" = 0 ] || ns=-rm
		unshare $ns sh -c 'mount --bind /dev/null /dev/kvm && exec "$0" "$@"' "$@"
	else
		"$@"
	fi
}

# apt_private ARGS...: apt-get (or $APT) on Debian's $DEB_SUITE alone, with
# lists and downloads kept in $OUT/apt, apart from the system's apt.
apt_private() {
	d=$OUT/apt
	mkdir -p "$d/lists/partial" "$d/archives/partial" "$d/parts"
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
		"http://deb.debian.org/debian $DEB_SUITE main" >"$d/sources.list"
	set -- -q -o "Dir::Etc::SourceList=$d/sources.list" \
		-o "Dir::Etc::SourceParts=$d/parts" -o "Dir::State::Lists=$d/lists" \
		-o "Dir::Cache=$d" -o "Dir::Cache::archives=$d/archives" \
		-o Acquire::Languages=none -o Acquire::Retries=3 "$@"
	[ "$(id -u)" != 0 ] || set -- -o APT::Sandbox::User=root "$@"
	"${APT:-apt-get}" "$@"
}

# fetch_deb PACKAGE VERSION SHA256 ARCH: print the path of PACKAGE's .deb
# in the cache, downloaded from Debian's $DEB_SUITE unless the cache has it,
# checked against SHA256 (pinned in this file). If Debian no longer serves
# VERSION, warns and takes the newest it serves, unpinned.
fetch_deb() {
	pkg=$1 ver=$2 sha=$3
	mkdir -p "$CACHE/deb"
	deb=$CACHE/deb/${pkg}_$(echo "$ver" | sed 's/:/%3a/')_$4.deb
	if [ -f "$deb" ]; then
		if echo "$sha  $deb" | sha256sum -c --status; then
			echo "$deb"; return
		fi
		say "cached $deb fails its SHA-256 check; deleting it, fetching again"
		rm -f "$deb"
	fi
	apt_private update >&2 || die "cannot reach Debian's $DEB_SUITE archive" \
		"(apt-get update failed above); check the network or proxy, then rerun"
	if ! APT=apt-cache apt_private show "$pkg=$ver" >/dev/null 2>&1; then
		ver=$(APT=apt-cache apt_private show "$pkg" 2>/dev/null |
			sed -n 's/^Version: //p' | sort -V | tail -n 1)
		[ -n "$ver" ] || die "Debian's $DEB_SUITE serves no $pkg"
		cat >&2 <<-MSG
		########################################################################
		WARNING: Debian no longer serves $pkg $2.
		Falling back to $pkg $ver; the checks will tell whether the series
		still applies. Pin it in scripts/config.sh once it does.
		########################################################################
		MSG
		sha=
	fi
	tmp=$CACHE/deb/tmp.$$
	rm -rf "$CACHE"/deb/tmp.*; mkdir "$tmp"
	(cd "$tmp" && apt_private download "$pkg=$ver") >&2 ||
		die "apt-get download $pkg=$ver failed (above); rerun when the" \
			"archive is reachable"
	f=$(ls "$tmp"/*.deb)
	if [ -n "$sha" ] && ! echo "$sha  $f" | sha256sum -c --status; then
		rm -rf "$tmp"
		die "downloaded $pkg $ver does not match its SHA-256 in" \
			"scripts/config.sh; deleted it, rerun to fetch again"
	fi
	say "fetched $pkg $ver, SHA-256 $(sha256sum "$f" | cut -d' ' -f1)"
	mv "$f" "$CACHE/deb/" && rm -rf "$tmp"
	echo "$CACHE/deb/$(basename "$f")"
}

# tiny_config ARCH DIR FRAGMENT...: configure DIR as tinyconfig plus the
# fragments, unless it already is; die if an option did not take.
tiny_config() {
	arch=$1 dir=$2; shift 2
	mkdir -p "$dir"
	cat "$@" >"$dir/fragment.config"
	cmp -s "$dir/fragment.config" "$dir/fragment.used" 2>/dev/null && return
	make -s ARCH="$arch" O="$dir" tinyconfig >/dev/null
	scripts/kconfig/merge_config.sh -m -O "$dir" "$dir/.config" \
		"$dir/fragment.config" >/dev/null
	make -s ARCH="$arch" O="$dir" olddefconfig >/dev/null
	grep '^CONFIG_' "$dir/fragment.config" | while read -r want; do
		grep -qx "$want" "$dir/.config" ||
			die "$want did not take in $dir/.config"
	done
	cp "$dir/fragment.config" "$dir/fragment.used"
}

# One verb at a time: apply.sh checks out branches in the trees, and make
# check and make mutants edit files there, under any other verb's feet. The
# verbs that make check runs share its lock (fd 9, inherited).
lock() {
	[ -z "${AA_LOCKED:-}" ] || return 0
	mkdir -p "$CACHE"
	exec 9>>"$CACHE/lock"
	flock -n 9 || die "another workbench verb is running:" \
		"$(cat "$CACHE/lock.owner" 2>/dev/null); run this one after it"
	echo "$(basename "$0") (pid $$, since $(date -u +%H:%M) UTC)" \
		>"$CACHE/lock.owner"
	export AA_LOCKED=1
}

# ready PACKAGE...: the packages installed, the workbench tree made, the
# series applied, and the current directory the tree, on branch series.
ready() {
	lock
	"$TOP/scripts/deps.sh" $DEPS_BUILD "$@"
	"$TOP/scripts/tree.sh"
	"$TOP/scripts/apply.sh"
	cd "$TREE"
}
