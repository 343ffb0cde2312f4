#!/bin/bash
# make x86: the suites as modules in booted x86_64 debug kernels, 4 CPUs:
# the series, its PREEMPT_RT build, and the RFC on PREEMPT_RT.
set -eu
. "$(dirname "$0")/../lib.sh"

what="the suites as modules in a booted x86_64 debug kernel, 4 CPUs: all pass, live pool untouched, no splat, no leak"
verb x86 "$what"
export RT=1
verb x86 "PREEMPT_RT: $what"
export REF=rfc
verb x86 "RFC: PREEMPT_RT: the RFC's ${what#the }"
