# shellcheck shell=sh
# Settings shared by the workbench scripts. Sourced, never run.

# Who signs new patches and the cover letter. Change this line to submit.
SERIES_IDENT='AppArmor Workbench <apparmor-workbench@example.org>'

# The kernel the series is tested on: Debian's linux-source-7.3 from
# trixie-backports. apt verifies the download against Debian's signed
# index; the SHA-256 pins the exact bytes so that results are reproducible.
DEB_SUITE=trixie-backports
DEB_PACKAGE=linux-source-7.3
DEB_VERSION=7.3.4-1~bpo13+1
DEB_SHA256=703e369ddd4cce971452f5a593ee55df3a5c10c83caf0fa0df039633ed181ee3
# Used only when Debian no longer serves DEB_VERSION.
DEB_FALLBACK='linux-source-7.*'

# The upstream change that patch 1 carries; the pre-fix tree reverts it.
FIX_SHA=640cf2f09575

# Debian's python3 and perl first: checkpatch and kunit.py need their modules.
PATH=/usr/bin:/bin:$PATH

CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/aa-buffer-series
TOP=$(cd "$(dirname "$0")/.." && pwd)
PATCHES=$TOP/patches

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

TREE=$CACHE/linux

# Packages the build and the checks need; deps.sh installs what is missing.
DEPS_BUILD='git gcc libc6-dev make flex bison bc python3 python3-ply python3-git perl xz-utils ccache'
DEPS_X86='qemu-system-x86 libelf-dev libssl-dev'

# The patch files of the series, without the cover letter.
series_patches() { ls "$PATCHES"/0*.patch | grep -v '/0000-'; }

# Run kunit.py from the tree in the current directory on the AppArmor
# suites, with its build directory $1 kept in the cache, writing its JSON
# report to $2. Prints kunit.py's own report; returns its exit status.
kunit() {
	build=$1 json=$2; shift 2
	mkdir -p "$build"
	CCACHE_DIR=$CACHE/ccache ./tools/testing/kunit/kunit.py run \
		--kunitconfig=security/apparmor --build_dir="$build" \
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

# ready PACKAGE...: the packages installed, the workbench tree made, the
# series applied, and the current directory the tree, on branch series.
ready() {
	"$TOP/scripts/deps.sh" $DEPS_BUILD "$@"
	"$TOP/scripts/tree.sh"
	"$TOP/scripts/apply.sh"
	cd "$TREE"
}
