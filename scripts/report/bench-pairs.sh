#!/bin/bash
# report/bench-pairs.sh DATA DIR: make bench-pairs' tables, from DATA's
# pairs.csv and sigprocmask.csv. For each number of UML CPUs,
# init_on_alloc and mode: each design's get/put pairs per second (all
# CPUs), its ratio over today's pool (fixed) in the same boot round, and
# the pool lock's acquisitions and failed trylocks per 1,000 pairs,
# counted in the timed run; medians over the rounds (the ratio's range
# beside it), and the host's load. Then each design's host rt_sigprocmask()
# calls per 1,000 pairs (the long run's calls and pairs less the short
# run's). Writes DIR/pairs-table.csv and DIR/sigprocmask-table.csv, prints
# their Markdown.
set -eu
. "$(dirname "$0")/../config.sh"
python3 - "$1/pairs.csv" <<'PY' | python3 "$TOP/scripts/helpers/table.py" "$2/pairs-table.csv"
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
echo
python3 - "$1/sigprocmask.csv" <<'PY' | python3 "$TOP/scripts/helpers/table.py" "$2/sigprocmask-table.csv"
import csv, sys
runs = {}
for r in csv.DictReader(open(sys.argv[1])):
    runs.setdefault(r["design"], []).append((int(r["ms"]), int(r["pairs"]), int(r["sigprocmask"])))
print("\t".join(["design", "pairs, short and long run", "host rt_sigprocmask() calls, short and long run",
                 "calls per 1,000 pairs"]))
for d, rs in runs.items():
    (_, p1, c1), (_, p2, c2) = sorted(rs)
    print("\t".join([d, f"{p1}, {p2}", f"{c1}, {c2}", f"{1000 * (c2 - c1) / (p2 - p1):.2f}"]))
PY
