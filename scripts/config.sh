# shellcheck shell=bash
# Settings shared by the workbench scripts. Sourced, never run.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Who signs new patches and the cover letter (make patches): SERIES_IDENT
# from the environment, else the git identity of whoever runs it, else a
# placeholder that says nobody has signed yet.
if [ -z "${SERIES_IDENT:-}" ]; then
	SERIES_IDENT=$(n=$(git -C "$TOP" config user.name 2>/dev/null) &&
		e=$(git -C "$TOP" config user.email) && echo "$n <$e>") ||
		SERIES_IDENT='AppArmor Workbench <apparmor-workbench@example.org>'
fi
# The kernel lines: each is a folder of lines/, whose line.conf holds its
# facts (lines/README.md says which); its series is patches/LINE/. The
# default line, first of LINES, is the one whose files and results carry no
# line prefix (its series is patches/).
DEFAULT_LINE=7.3
LINES="$DEFAULT_LINE $(cd "$TOP/lines" && ls -d -- */ | tr -d / |
	grep -vxF "$DEFAULT_LINE" | sort -rV | paste -sd' ')"
# line_facts LINE: the facts of LINE, lines/LINE/line.conf over the
# defaults below.
line_facts() {
	local d=$TOP/lines/$1
	case $1 in */*|.*|'') false ;; esac && [ -f "$d/line.conf" ] ||
		die "LINE=$1: no lines/$1/line.conf; the workbench knows $LINES"
	DEB_PACKAGE=linux-source-$1 CONFIG_SHA256= RT_FILE= RT_DROP=
	PREEMPT_MODELS= RFC_PATCHES= RFC_SUBJECT= DUMPS= CHECKED_BY=check-all
	SUBJECT="PATCH $1.y" PATCHES=$TOP/patches/$1 FINGERPRINT=()
	[ "$1" != "$DEFAULT_LINE" ] || PATCHES=$TOP/patches
	# FIX_PATCH: upstream's 640cf2f09575 for this line's code, which the
	# pre-fix tree reverts (a line that posts the fix: its patch 1).
	# NEGATIVE: the posted suite's cases that fail without it. DEEP: the
	# workbench's deep suite on top of the posting, never posted;
	# DEEP_NEGATIVE: its cases that fail without the fix.
	FIX_PATCH=$d/fix.patch DEEP=$d/deep.patch
	NEGATIVE=$d/negative-control.expected MUTANTS=$d/mutants
	DEEP_NEGATIVE=$d/deep-negative.expected
	MUTANTS_LOG=$1.log
	# RESULTS_PREFIX: of this line's results; the default line's have none.
	# POSTED_MUTANTS_LOG: mutants.sh posting's log of the posted suite.
	RESULTS_PREFIX=$1-
	[ "$1" != "$DEFAULT_LINE" ] || RESULTS_PREFIX=
	POSTED_MUTANTS_LOG=${RESULTS_PREFIX}posting.log
	RFC_NEGATIVE=$d/rfc/negative-control.expected
	RFC_ADAPTER=$d/rfc/adapter.patch RFC_MUTANTS=$d/rfc/mutants
	# shellcheck source=/dev/null
	. "$d/line.conf"
	[ ${#FINGERPRINT[@]} != 0 ] || die "lines/$1/line.conf has no FINGERPRINT"
}

# median_range: of the numbers on standard input, one a line, the median
# (the mean of the middle two of an even count), the least, the most and
# the count; nothing if there are none. The one median of every report.
median_range() {
	sort -g | awk '{ v[NR] = $1 } END { if (!NR) exit
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		print m, v[1], v[NR], NR }'
}

# table CSV: the rows on standard input (a tab between cells, the first
# row the header) saved as CSV, for the reports that read them; prints the
# Markdown table that a page quotes.
table() { python3 "$TOP/scripts/helpers/table.py" "$1"; }
# table_get CSV COLUMN... [HEADER=VALUE...]: those columns of the rows of
# CSV that match, a row a line, a tab between the columns.
table_get() { python3 "$TOP/scripts/helpers/table.py" get "$@"; }
# per_run CSV COLUMN KERNEL: COLUMN of KERNEL's rows of CSV (make
# reclaim's), its runs apart by "; ".
per_run() { table_get "$1" "$2" kernel="$3" | paste -sd';' | sed 's/;/; /g'; }

# save [-k] NAME FILE...: every verb keeps its results in results/ of the
# repository, whether it is run by hand or by make check-all; git diff
# results/ shows what a run changed. This makes results/NAME/ exactly
# FILE...; with -k it keeps the other files there, for a folder that
# several runs of a verb share (make mutants' modes, one file each). A
# verb that resumes (make preempt, make reclaim) writes its runs there as
# it goes instead. On KERNEL_SRC, results go to the tree's cache, not the
# workbench's. Each file saved is named, relative to the workbench, in
# SAVED_LIST if that is set (a check compares them with the commit).
save() {
	local keep= dest f
	[ "$1" != -k ] || { keep=1; shift; }
	dest=$RESULTS/$1; shift
	[ -n "$keep" ] || rm -rf "$dest"
	mkdir -p "$dest"
	cp "$@" "$dest/"
	for f in "$@"; do
		[ -z "${SAVED_LIST:-}" ] ||
			echo "${dest#"$TOP"/}/$(basename "$f")" >>"$SAVED_LIST"
	done
	say "results in ${dest#"$TOP"/}/"
}

# mins SECONDS: "M min S s", as the reports write times.
mins() { echo "$(($1 / 60)) min $(($1 % 60)) s"; }

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# fingerprinted DIR: true if the kernel tree DIR matches FINGERPRINT:
# for each FILE:PATTERN, FILE has a line that matches PATTERN (grep's), for
# each !FILE:PATTERN, none.
fingerprinted() {
	local f want got
	for f in "${FINGERPRINT[@]}"; do
		want=0; [ "${f#!}" = "$f" ] || { want=1; f=${f#!}; }
		grep -q -- "${f#*:}" "$1/${f%%:*}" 2>/dev/null && got=0 || got=1
		[ "$got" = "$want" ] || return 1
	done
}
# line_of DIR: the lines whose code the kernel tree DIR has, by the code,
# not its version (their FINGERPRINT), one a line.
line_of() {
	for l in $LINES; do
		(line_facts "$l" && fingerprinted "$1") && echo "$l"
	done
	return 0
}

CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/aa-buffer-series
# KERNEL_SRC=/path/to/linux: a git tree of the user's, which the verbs that
# take it work on in place of Debian's tree of LINE (tree.sh, in a clone
# under the cache that shares its objects); LABEL starts every check's line.
# The verbs that boot, time or write the workbench's own results work on
# Debian's trees only (DEBIAN_ONLY: their names, which are their scripts');
# they refuse KERNEL_SRC, naming the verbs that take it.
DEBIAN_ONLY='x86 repro preempt faults reclaim bench-pairs bench-lstat dumps distro timing patches fresh'
if [ -n "${KERNEL_SRC:-}" ]; then
	case " $DEBIAN_ONLY " in
	*" $(basename "$0" .sh) "*)
		die "make $(basename "$0" .sh) (scripts/$(basename "$0"))" \
			"works on the workbench's Debian trees only, not on" \
			"KERNEL_SRC; on your tree: make, make check, make mutants," \
			"make bisect, make insns, make docs" ;;
	esac
	SRC=$(cd "$KERNEL_SRC" 2>/dev/null && pwd) ||
		die "KERNEL_SRC=$KERNEL_SRC is not a directory"
	[ -f "$SRC/security/apparmor/lsm.c" ] ||
		die "KERNEL_SRC=$SRC has no security/apparmor/lsm.c; is it a Linux tree?"
	l=$(line_of "$SRC" | paste -sd' ')
	[ -n "$l" ] || die "$SRC matches no kernel line of lines/ ($LINES," \
		"by each line.conf's FINGERPRINT): its lsm.c has no per-CPU" \
		"buffer cache with a hold count that the series knows (v6.7 and" \
		"later have one); the series is not for this tree"
	[ "${l% *}" = "$l" ] || die "$SRC matches the kernel lines $l, by" \
		"their lines/LINE/line.conf's FINGERPRINT; a tree must match one:" \
		"make their fingerprints tell them apart"
	[ "${LINE:-$l}" = "$l" ] || die "KERNEL_SRC=$SRC has $l's code," \
		"not LINE=$LINE's; drop LINE, KERNEL_SRC chooses the series"
	LINE=$l
	OUT=$CACHE/src/$(printf %s "$SRC" | sha256sum | cut -c1-12)
	LABEL="KERNEL_SRC=$SRC: "
else
	LINE=${LINE:-${LINES%% *}}
	OUT=$CACHE/$LINE LABEL="$LINE: "
fi
line_facts "$LINE"
# The default line's cache and checks carry no line prefix.
[ "$LINE" != "${LINES%% *}" ] || [ -n "${SRC:-}" ] || OUT=$CACHE LABEL=
RESULTS=$TOP/results
[ -z "${SRC:-}" ] || RESULTS=$OUT/results
# The RFC is a proposal against the workbench's own 7.3, not for your tree.
[ -z "${SRC:-}" ] || RFC_PATCHES=
# The tree (branches stock, prefix, series...), the builds and the logs.
TREE=$OUT/linux BUILD=$OUT/build

# The upstream change that patch 1 carries; the pre-fix tree reverts it.
FIX_SHA=640cf2f09575

# Debian's python3 and perl first: checkpatch and kunit.py need their modules.
PATH=/usr/bin:/bin:$PATH
# Every build goes through ccache, kept in the cache.
export CCACHE_DIR=$CACHE/ccache

# kmake ARCH DIR TARGET...: make TARGETs of the tree in the current
# directory for ARCH, out of tree in DIR, on every CPU, through ccache.
kmake() {
	local arch=$1 dir=$2; shift 2
	make -s ARCH="$arch" O="$dir" CC="ccache gcc" -j"$(nproc)" "$@"
}

# Git identity and dates for the commits the workbench makes itself, so that
# the same package always yields the same commit IDs.
wb_git() {
	GIT_AUTHOR_NAME=workbench GIT_AUTHOR_EMAIL=workbench@localhost \
	GIT_COMMITTER_NAME=workbench GIT_COMMITTER_EMAIL=workbench@localhost \
	GIT_AUTHOR_DATE=${WB_DATE:-@0 +0000} \
	GIT_COMMITTER_DATE=${WB_DATE:-@0 +0000} \
		git "$@"
}

# Packages the build and the checks need; deps.sh installs what is missing.
DEPS_BUILD='git gcc libc6-dev make flex bison bc python3 python3-ply python3-git perl xz-utils ccache'
DEPS_X86='qemu-system-x86 libelf-dev libssl-dev'

# What in a console log says the kernel went wrong (make x86, make faults).
SPLAT='BUG:|WARNING:|Oops|KASAN|possible recursive locking|circular locking|inconsistent lock state|list_(add|del) corruption|sleeping function called from invalid context'
# splats LOG: the lines of the console log LOG that say so.
splats() { grep -E "$SPLAT" "$1"; }
# kmemleak_report LOG: kmemleak's report in the console log LOG, between
# the markers of repro/guest.sh's guest_kmemleak.
kmemleak_report() { sed -n '/^--- kmemleak/,/^--- end of kmemleak/p' "$1"; }

# The guests' size (environment): CPUS vCPUs, MEM of memory.
CPUS=${CPUS:-4} MEM=${MEM:-1G}
# qemu_boot PREFIX SECONDS BZIMAGE INITRD APPEND [QEMU_ARG...]: boot
# BZIMAGE with INITRD under QEMU (TCG, unless KVM=1; see no_kvm) with CPUS
# vCPUs and MEM, AppArmor, a panic ending the run, APPEND on the kernel
# command line; stopped after SECONDS. The console goes to PREFIX.log and,
# without carriage returns, to PREFIX.log.txt. Returns QEMU's status
# (timeout's 124 if it was stopped).
qemu_boot() {
	local log=$1.log secs=$2 kernel=$3 initrd=$4 append=$5 rc=0; shift 5
	no_kvm timeout "$secs" qemu-system-x86_64 -nographic -no-reboot \
		-m "$MEM" -smp "$CPUS" -kernel "$kernel" -initrd "$initrd" \
		-append "console=ttyS0 lsm=apparmor panic=-1 $append" "$@" \
		</dev/null >"$log" 2>&1 || rc=$?
	tr -d '\r' <"$log" >"$log.txt"
	return $rc
}

# The patch files of the series, without the cover letter.
series_patches() { ls "$PATCHES"/0*.patch | grep -v '/0000-'; }
# The series' patches but the fix, where it carries the fix (6.12).
test_patches() { series_patches | grep -vxF "$FIX_PATCH"; }
# posting_base: the branch the posting applies to: the pre-fix tree if it
# carries the fix, else the tree as it comes.
posting_base() {
	if series_patches | grep -qxF "$FIX_PATCH"; then echo prefix
	else echo stock; fi
}
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
# report; returns its exit status. With printk times, which the kernel's
# log, $1/test.log, then has for case_times.
kunit() {
	build=$1 json=$2; shift 2
	mkdir -p "$build"
	./tools/testing/kunit/kunit.py run \
		--kunitconfig="${KUNITCONFIG:-security/apparmor}" --build_dir="$build" \
		--jobs="$(nproc)" --make_options CC="ccache gcc" \
		--kconfig_add CONFIG_PRINTK_TIME=y --json="$json" "$@"
}

# untimed LOG: the kernel log LOG without its printk times.
untimed() { sed 's/^\[ *[0-9]*\.[0-9]*\] //' "$1"; }
# The posted suite: none of its cases is marked slow, so each must take
# under a second (KUnit's running_tips.rst), on UML and on make x86's kernel.
POSTED_SUITE=apparmor_buffer
# case_times LOG SUITE: how long each case of SUITE took, from the printk
# times of a kernel log LOG: one line "CASE SECONDS" per case, the time
# from the result line before it (or the suite's plan) to its own.
case_times() {
	awk -v suite="$2" '
	!match($0, /^\[ *[0-9]+\.[0-9]+\] /) { next }
	{ t = substr($0, 2, RLENGTH - 3) + 0; line = substr($0, RLENGTH + 1) }
	line ~ "^ *# Subtest: " suite "$" { on = 1; last = t; next }
	!on { next }
	line ~ /^    (not )?ok [0-9]+ / {
		sub(/^    (not )?ok [0-9]+ /, "", line); sub(/ .*/, "", line)
		printf "%s %.3f\n", line, t - last; last = t; next
	}
	line ~ /^(not )?ok [0-9]+ / { exit }' "$1"
}
# under_a_second LOG: prints the case times of the posted suite in LOG;
# false, saying so, unless there are some and each is under a second.
under_a_second() {
	local times; times=$(case_times "$1" "$POSTED_SUITE")
	echo "$POSTED_SUITE, seconds per case:" $times
	[ -n "$times" ] || { echo "FAIL: $1 has no printk times of $POSTED_SUITE's cases"; return 1; }
	echo "$times" | awk '$2 >= 1 { print "FAIL: " $1 " took " $2 " s, not under 1 s"; bad = 1 } END { exit bad }'
}

# How a UML kernel built with CONFIG_SMP=y boots with two CPUs (each a
# host thread, which UML allows only with its seccomp userspace).
SMP_BOOT=(--kernel_args ncpus=2 --kernel_args seccomp=on)
# The concurrency suite and its kernel: SMP UML, preemptible, with lockdep
# and the list and sleep checks, as the admin guide (patch 4) runs it.
RACE_SUITE=apparmor_buffer_concurrency
RACE_UML=(--kconfig_add CONFIG_SMP=y --kconfig_add CONFIG_PREEMPT=y
	--kconfig_add CONFIG_DEBUG_KERNEL=y --kconfig_add CONFIG_PROVE_LOCKING=y
	--kconfig_add CONFIG_DEBUG_LIST=y --kconfig_add CONFIG_DEBUG_ATOMIC_SLEEP=y
	"${SMP_BOOT[@]}")
# race_kunit JSON: the concurrency suite alone on that kernel, in $BUILD/um-race.
race_kunit() { kunit "$BUILD/um-race" "$1" "${RACE_UML[@]}" "$RACE_SUITE"; }
# race_exec JSON: the same, booting the kernel race_kunit built last.
race_exec() {
	./tools/testing/kunit/kunit.py exec --build_dir="$BUILD/um-race" \
		--json="$1" "${SMP_BOOT[@]}" "$RACE_SUITE"
}

# make bench (bench-pairs, bench-lstat): the designs it times, each its branch
# (bench_base) with bench/DESIGN.patch on top if there is one:
#   fixed    branch series, today's pool with the fix
#   rfc      branch rfc, the series + patches/rfc/: no hold, CPU cache first
#   alloc    series + bench/alloc.patch: kmalloc() through a mempool
#   kmalloc  series + bench/kmalloc.patch: plain kmalloc() and kfree()
BENCH_DESIGNS='fixed rfc alloc kmalloc'
bench_base() { if [ "$1" = rfc ]; then echo rfc; else echo series; fi; }
# bench_branch BRANCH DESIGN [PATCH...]: the branch of DESIGN to build,
# printed: its base if there is no bench/DESIGN.patch and no PATCH, else
# BRANCH, made by git am of them on the base.
bench_branch() {
	local b=$1 d=$2 proto=$TOP/bench/$2.patch
	shift 2
	[ ! -f "$proto" ] || set -- "$proto" "$@"
	[ $# != 0 ] || { bench_base "$d"; return; }
	am "$b" "$(bench_base "$d")" "$@"
	echo "$b"
}

# make distro: Debian's own kernel binaries, booted as their users run
# them. One row each: DEB_SUITE (of DEB_MIRROR) serves them, DISTRO_RELEASE
# is the Debian release whose userspace boots them, DISTRO_DEBS its
# packages as PACKAGE=VERSION=SHA256 (dpkg -i'd in that order), DISTRO_DBG
# the -dbg package if Debian still serves one (the host reads the dumps
# with its DWARF too; 7.x dumps only so: drgn 0.0.31 does not decode their
# kallsyms), DISTRO_FIXED whether it has 640cf2f09575, DISTRO_MODELS the
# preempt= models it boots with ("default": none given; 6.12's default is
# voluntary, and it boots none and full too). DISTROS in the
# environment picks some of them.
: "${DISTROS:=6.12.74 6.12.74-rt 6.12.118 7.3.4}"
distro_facts() {
	DEB_MIRROR=http://deb.debian.org/debian DISTRO_DBG= DISTRO_MODELS='default full'
	case $1 in
	6.12.74) DEB_SUITE=bookworm-backports DISTRO_RELEASE=bookworm
		DISTRO_DEBS=linux-image-6.12.74+deb12-amd64=6.12.74-2~bpo12+1=e07bf7d1b163d56751bc5388da3b4d50c145d6b1b5f907a4395a21acd7dfaac8
		DISTRO_FIXED=no DISTRO_MODELS='default none full' ;;
	6.12.74-rt) DEB_SUITE=bookworm-backports DISTRO_RELEASE=bookworm
		# PREEMPT_RT, with PREEMPT_DYNAMIC and PREEMPT_LAZY (its
		# /boot/config): booted in its default model, lazy, only
		DISTRO_DEBS=linux-image-6.12.74+deb12-rt-amd64=6.12.74-2~bpo12+1=62d4dcda2c3ddc2c13027a104eff21d9a1f1d1b6aaa4a21344be1c62fda45fbc
		DISTRO_FIXED=no DISTRO_MODELS=default ;;
	6.12.118) DEB_SUITE=trixie-security DISTRO_RELEASE=trixie
		DEB_MIRROR=http://deb.debian.org/debian-security
		DISTRO_DEBS=linux-image-6.12.118+deb13-amd64=6.12.118-1=57dee9124ac6c57b75a8aed09052245942027dd46649d3d02285c35c11cfda98
		DISTRO_DBG=linux-image-6.12.118+deb13-amd64-dbg=6.12.118-1=2931df7444c493d2b865e2a40377403dfbf024696d3c5142d9122df7078c22d8
		DISTRO_FIXED=yes DISTRO_MODELS='default none full' ;;
	7.3.4)	DEB_SUITE=trixie-backports DISTRO_RELEASE=trixie
		DISTRO_DEBS="linux-base-7.3.4+deb13-amd64=7.3.4-1~bpo13+1=5663505495b5c90be94af42105c7b28629802516779102dac48d5a00cc00fccf
			linux-modules-7.3.4+deb13-amd64=7.3.4-1~bpo13+1=b3ea01922c9f133767a83cf6891c19b3693858ded617bf22d1e34f95382c08ea
			linux-binary-7.3.4+deb13-amd64=7.3.4-1~bpo13+1=7e3248d03a84dcdda88c567aa8c4038f2e7795d2dd167b112c56f8901b6f513f"
		DISTRO_DBG=linux-image-7.3.4+deb13-amd64-dbg=7.3.4-1~bpo13+1=da632c9ab7db5fb8eb649a696fc2e984f9b9631753c86f990f9c2d70da772b1d
		DISTRO_FIXED=yes ;;
	*)	die "make distro: DISTROS names $1, which scripts/config.sh's" \
			"distro_facts does not know" ;;
	esac
}

# The cases kunit.py's JSON report $1 records as failed, one suite.case a
# line; with STATUS=SKIP, those it records as skipped (a skip is no
# failure, and no pass either: the checks that read it name them).
failed_cases() {
	python3 -c '
import json, sys
want = sys.argv[2]
def walk(g):
    for c in g["test_cases"]:
        if (c["status"] == want) if want else c["status"] not in ("PASS", "SKIP"):
            print(g["name"] + "." + c["name"])
    for s in g["sub_groups"]:
        walk(s)
walk(json.load(open(sys.argv[1])))' "$1" "${STATUS:-}"
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

# apt_private ARGS...: apt-get (or $APT) on Debian's $DEB_SUITE alone (of
# DEB_MIRROR, the main archive by default), with lists and downloads kept
# in $OUT/apt, apart from the system's apt.
apt_private() {
	d=$OUT/apt
	mkdir -p "$d/lists/partial" "$d/archives/partial" "$d/parts"
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
		"${DEB_MIRROR:-http://deb.debian.org/debian} $DEB_SUITE main" \
		>"$d/sources.list"
	set -- -q -o "Dir::Etc::SourceList=$d/sources.list" \
		-o "Dir::Etc::SourceParts=$d/parts" -o "Dir::State::Lists=$d/lists" \
		-o "Dir::Cache=$d" -o "Dir::Cache::archives=$d/archives" \
		-o Acquire::Languages=none -o Acquire::Retries=3 "$@"
	[ "$(id -u)" != 0 ] || set -- -o APT::Sandbox::User=root "$@"
	"${APT:-apt-get}" "$@"
}

# fetch_deb PACKAGE VERSION SHA256 ARCH [newest]: print the path of
# PACKAGE's .deb in the cache, downloaded from Debian's $DEB_SUITE unless
# the cache has it, checked against SHA256 (pinned in lines/ or here). If
# Debian no longer serves VERSION, stops naming it; with "newest" (a line's
# source and configs: the checks tell whether the series still applies),
# warns and takes the newest it serves, unpinned.
fetch_deb() {
	pkg=$1 ver=$2 sha=$3 newest=${5:-}
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
	# (apt-cache show PACKAGE=VERSION succeeds for any VERSION.)
	if ! APT=apt-cache apt_private show "$pkg" 2>/dev/null |
		grep -qxF "Version: $ver"; then
		[ -n "$newest" ] || die "Debian's $DEB_SUITE no longer serves" \
			"$pkg $ver, which the workbench pins"
		ver=$(APT=apt-cache apt_private show "$pkg" 2>/dev/null |
			sed -n 's/^Version: //p' | sort -V | tail -n 1)
		[ -n "$ver" ] || die "Debian's $DEB_SUITE serves no $pkg"
		cat >&2 <<-MSG
		########################################################################
		WARNING: Debian no longer serves $pkg $2.
		Falling back to $pkg $ver; the checks will tell whether the series
		still applies. Pin it in lines/ once it does.
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
		die "downloaded $pkg $ver does not match the SHA-256 the" \
			"workbench pins; deleted it, rerun to fetch again"
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
	"$TOP/scripts/helpers/deps.sh" $DEPS_BUILD "$@"
	"$TOP/scripts/helpers/tree.sh"
	"$TOP/scripts/helpers/apply.sh"
	cd "$TREE"
}
