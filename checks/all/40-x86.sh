#!/bin/bash
# make x86: the suites as modules in booted x86_64 debug kernels, 4 CPUs:
# the posting alone, as a distribution would run it (each case under a
# second there too); the series, its PREEMPT_RT build, and the RFC on
# PREEMPT_RT. The posting's case times differ from run to run: the summary
# this run made stays in RUN, and results/x86-posting/ keeps the one
# committed (REF=posting make x86), which docs/posting.md links.
set -eu
. "$(dirname "$0")/../lib.sh"

(export REF=posting
 verb x86 "the posted suite as a module in a booted x86_64 debug kernel, 4 CPUs: all pass, each case under 1 s, no splat, no leak"
 cp "$RESULTS/x86-posting/x86-posting.summary" "$RUN/" 2>/dev/null || true
 git -C "$TOP" checkout -q -- results/x86-posting 2>/dev/null || true)
what="the suites as modules in a booted x86_64 debug kernel, 4 CPUs: all pass, live pool untouched, no splat, no leak"
verb x86 "$what"
export RT=1
verb x86 "PREEMPT_RT: $what"
export REF=rfc
verb x86 "RFC: PREEMPT_RT: the RFC's ${what#the }"
