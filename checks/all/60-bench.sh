#!/bin/bash
# make bench.
set -eu
. "$(dirname "$0")/../lib.sh"

verb bench "make bench: today's pool, the RFC and the allocator alone booted at 1, 2 and 4 vCPUs, 5 interleaved rounds, no splat (results/bench/)"
