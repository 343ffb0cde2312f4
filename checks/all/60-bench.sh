#!/bin/bash
# make bench: its two halves, each a verdict.
set -eu
. "$(dirname "$0")/../lib.sh"

verb bench-pairs "make bench-pairs: get/put pairs of today's pool, the RFC and the allocator alone on SMP UML at 1, 2 and 4 CPUs, init_on_alloc on and off, 5 interleaved rounds, no splat (results/bench-pairs/)"
verb bench-lstat "make bench-lstat: confined lstat() on today's pool, the RFC and the allocator alone under TCG at 1, 2 and 4 vCPUs, 5 interleaved rounds, no splat (results/bench-lstat/)"
