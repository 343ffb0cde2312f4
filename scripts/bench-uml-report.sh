#!/bin/bash
# bench-uml-report.sh PAIRS.CSV DIR: make bench-uml's table. For each number
# of UML CPUs, init_on_alloc and mode: each design's get/put pairs per
# second (all CPUs), its ratio over today's pool (fixed) in the same boot
# round, and the pool lock's acquisitions and failed trylocks per 1,000
# pairs, counted in the timed run; medians over the rounds (the ratio's
# range beside it), and the host's load. Writes DIR/pairs-table.csv and
# prints its Markdown.
set -eu
. "$(dirname "$0")/config.sh"
python3 - "$1" <<'PY' | python3 "$TOP/scripts/table.py" "$2/pairs-table.csv"
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
med = statistics.median
key = lambda r: (int(r["cpus"]), r["init_on_alloc"], r["mode"])
rate = lambda r: int(r["pairs"]) * 1e9 / int(r["ns"])
def spread(xs, fmt):
    xs = sorted(xs)
    lo, mid, hi = (format(x, fmt) for x in (xs[0], med(xs), xs[-1]))
    return mid if lo == hi else f"{mid} ({lo}-{hi})"
by = {}
for r in rows:
    by.setdefault(key(r), {}).setdefault(r["design"], {})[r["round"]] = r
print("\t".join(["UML CPUs", "init_on_alloc", "mode", "design",
                 "pairs per second", "over today's, per round",
                 "locks per 1,000 pairs", "failed trylocks per 1,000 pairs",
                 "rounds", "host load"]))
for k in sorted(by, key=lambda k: (k[0], k[1] == "0", ["one", "two", "atomic"].index(k[2]))):
    fixed = by[k]["fixed"]
    for d in ["fixed"] + [d for d in by[k] if d != "fixed"]:
        runs = by[k][d]
        cpus = f"{k[0]} (oversubscribed)" if k[0] > 2 else str(k[0])
        print("\t".join([cpus, k[1], k[2], d,
              f"{med(rate(r) for r in runs.values()) / 1e6:.2f} M",
              spread((rate(r) / rate(fixed[n]) for n, r in runs.items()), ".2f"),
              f"{med(1000 * int(r['locks']) / int(r['pairs']) for r in runs.values()):.1f}",
              f"{med(1000 * int(r['failed_trylocks']) / int(r['pairs']) for r in runs.values()):.1f}",
              str(len(runs)),
              f"{med(float(r['load']) for r in runs.values()):.2f}"]))
PY
