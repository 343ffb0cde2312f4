#!/bin/bash
# make x86 on branch posting: the posted suite loaded as a module into the
# booted x86_64 debug kernel (KASAN, lockdep, kmemleak), as a distribution
# would run it, each case under a second there too. The case times differ
# from run to run: the summary this run made stays in RUN, and
# results/x86-posting/ keeps the one committed (REF=posting make x86),
# which docs/posting.md quotes.
set -eu
. "$(dirname "$0")/lib.sh"
only_debian

export REF=posting
verb x86 "the posted suite as a module in a booted x86_64 debug kernel, 4 CPUs: all pass, each case under 1 s, no splat, no leak"
cp "$RESULTS/x86-posting/x86-posting.summary" "$RUN/" 2>/dev/null || true
git -C "$TOP" checkout -q -- results/x86-posting 2>/dev/null || true
