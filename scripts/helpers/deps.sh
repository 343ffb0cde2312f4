#!/bin/bash
# deps.sh PACKAGE...: make sure these Debian packages are installed. As root,
# install the missing ones with apt-get; otherwise name the command to run.
set -eu
. "$(dirname "$0")/../config.sh"

missing=
for p in "$@"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
		grep -q '^install ok installed$' || missing="$missing $p"
done
[ -n "$missing" ] || exit 0
if [ "$(id -u)" != 0 ]; then
	die "missing Debian packages; run: sudo apt-get install -y$missing"
fi
say "installing missing Debian packages:$missing"
mkdir -p "$CACHE"
log=$CACHE/apt.log
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
{ apt-get update -q && apt-get install -y -q --no-install-recommends $missing; } \
	>"$log" 2>&1 || die "apt-get install$missing failed; see $log, fix apt and rerun"
