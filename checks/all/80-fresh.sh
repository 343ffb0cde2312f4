#!/bin/bash
# make fresh: make and make check in a new Debian 12 chroot, empty cache.
set -eu
. "$(dirname "$0")/../lib.sh"

verb fresh "make fresh: in a new Debian 12 chroot with an empty cache, make, then make check passes (results/fresh/cold.md)"
