#!/bin/bash
# make bisect: after every patch, no new W=1 or kernel-doc warning, KUnit
# passes.
set -eu
. "$(dirname "$0")/lib.sh"

verb bisect "every patch: no new W=1 or kernel-doc warning (sparse only where usable), KUnit passes"
