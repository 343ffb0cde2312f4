#!/usr/bin/env python3
"""The workbench's tables: a report's rows become a CSV file, which other
reports read, and the Markdown table that a page quotes, made from it.

table.py CSV        rows on standard input, a tab between cells, the
                    first row the header: writes CSV, prints its Markdown
table.py get CSV COLUMN... [HEADER=VALUE...]
                    the COLUMNs of each row whose HEADER is VALUE, a row
                    a line, a tab between them
table.py same CSV OTHER
                    every column of CSV's one row has the same value in
                    OTHER's one row; prints those that differ or lack
"""
import csv
import signal
import sys

# A reader that stops early (awk's exit, head) ends us quietly, as it
# would any filter, instead of a BrokenPipeError on stderr.
signal.signal(signal.SIGPIPE, signal.SIG_DFL)


def fail(msg):
    sys.exit(f"error: table.py: {msg}")


def write(path):
    rows = [line.rstrip("\n").split("\t") for line in sys.stdin if line.strip()]
    if not rows:
        fail(f"no header for {path}")
    for i, row in enumerate(rows[1:], 2):
        if len(row) != len(rows[0]):
            fail(f"{path}: row {i} has {len(row)} cells, the header "
                 f"{len(rows[0])}: {row}")
    with open(path, "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    rows.insert(1, ["---"] * len(rows[0]))
    for row in rows:
        print("|" + "".join(f" {c} |" if c else " |" for c in row))


def read(path):
    """The rows of the CSV file PATH, as dicts."""
    try:
        with open(path, newline="") as f:
            return list(csv.DictReader(f))
    except OSError as e:
        fail(f"{path}: {e.strerror}")


def get(path, args):
    columns = [a for a in args if "=" not in a]
    conds = [a.split("=", 1) for a in args if "=" in a]
    rows = read(path)
    header = rows[0].keys() if rows else []
    for name in columns + [k for k, _ in conds]:
        if rows and name not in header:
            fail(f"{path} has no column '{name}'; it has: {', '.join(header)}")
    for row in rows:
        if all(row[k] == v for k, v in conds):
            print("\t".join(row[c] for c in columns))


def same(path, other):
    rows = []
    for p in (path, other):
        r = read(p)
        if len(r) != 1:
            fail(f"{p} has {len(r)} rows, not one")
        rows.append(r[0])
    bad = [f"{k}: {v} in {path}, {rows[1].get(k, 'no such column')} in {other}"
           for k, v in rows[0].items() if rows[1].get(k) != v]
    print("\n".join(bad) or f"{path}: every column as in {other}")
    sys.exit(1 if bad else 0)


if len(sys.argv) == 4 and sys.argv[1] == "same":
    same(sys.argv[2], sys.argv[3])
elif len(sys.argv) == 2:
    write(sys.argv[1])
elif len(sys.argv) >= 4 and sys.argv[1] == "get":
    get(sys.argv[2], sys.argv[3:])
else:
    fail("usage: table.py CSV <ROWS, or table.py get CSV COLUMN... [HEADER=VALUE...]")
