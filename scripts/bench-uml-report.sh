#!/bin/bash
# bench-uml-report.sh PAIRS.CSV: make bench-uml's table. For each number of
# UML CPUs, init_on_alloc and mode: each design's get/put pairs per second
# (all CPUs), its ratio over today's pool (fixed) in the same boot round,
# and the pool lock's acquisitions and failed trylocks per 1,000 pairs,
# counted in the timed run; medians over the rounds, and the host's load.
set -eu
python3 - "$1" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
med = statistics.median
key = lambda r: (int(r["cpus"]), r["init_on_alloc"], r["mode"])
rate = lambda r: int(r["pairs"]) * 1e9 / int(r["ns"])
by = {}
for r in rows:
    by.setdefault(key(r), {}).setdefault(r["design"], {})[r["round"]] = r
print("| UML CPUs | init_on_alloc | mode | design | pairs per second | over today's, per round | locks per 1,000 pairs | failed trylocks per 1,000 pairs | rounds | host load |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for k in sorted(by, key=lambda k: (k[0], k[1] == "0", ["one", "two", "atomic"].index(k[2]))):
    fixed = by[k]["fixed"]
    for d in ("fixed", "rfc", "alloc"):
        runs = by[k][d]
        cpus = f"{k[0]} (oversubscribed)" if k[0] > 2 else str(k[0])
        print(f"| {cpus} | {k[1]} | {k[2]} | {d} | "
              f"{med(rate(r) for r in runs.values()) / 1e6:.2f} M | "
              f"{med(rate(r) / rate(fixed[n]) for n, r in runs.items()):.2f} | "
              f"{med(1000 * int(r['locks']) / int(r['pairs']) for r in runs.values()):.1f} | "
              f"{med(1000 * int(r['failed_trylocks']) / int(r['pairs']) for r in runs.values()):.1f} | "
              f"{len(runs)} | {med(float(r['load']) for r in runs.values()):.2f} |")
PY
