#!/bin/bash
# make distro: Debian's own kernel binaries, booted with a Debian userspace:
# the storm alone, then with confined tasks beside it that link files or
# bind-mount (LOAD=link, LOAD=mount), on every kernel of DISTROS.
set -eu
. "$(dirname "$0")/../lib.sh"

verb distro "make distro: Debian's own kernels ($DISTROS) boot with a Debian userspace and run the storm; tools/aa-buffers in the guest without -dbg and on the host's dump read the same columns and exit 1 exactly where a hold wrapped, never on a kernel with the fix (results/distro/)"
for load in link mount; do
	LOAD=$load verb distro "make distro, LOAD=$load: the same with confined tasks beside the storm that ${load} (two path buffers at once), each run's $load load confined and finished (results/distro-$load/)"
done
