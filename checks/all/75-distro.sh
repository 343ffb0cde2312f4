#!/bin/bash
# make distro: Debian's own kernel binaries, booted with a Debian userspace.
set -eu
. "$(dirname "$0")/../lib.sh"

verb distro "make distro: Debian's own kernels ($DISTROS) boot with a Debian userspace and run the storm; tools/aa-buffers in the guest without -dbg and on the host's dump read the same columns and exit 1 exactly where a hold wrapped, never on a kernel with the fix (results/distro/)"
