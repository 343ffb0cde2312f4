#!/bin/bash
# make faults: the storm under failslab and memory pressure, and on
# PREEMPT_RT.
set -eu
. "$(dirname "$0")/../lib.sh"

verb faults "make faults: the storm under failslab and memory pressure: no splat, no leak, no buffer lost (results/faults/)"
export RT=1 SCENARIOS='none failslab-100'
verb faults "PREEMPT_RT: make faults, storm alone and under failslab-100: no splat, no leak, no buffer lost (results/faults-rt/)"
