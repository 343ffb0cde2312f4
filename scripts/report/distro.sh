#!/bin/bash
# The table of make distro, from the runs in DIR (results/distro/): for each
# boot of one of Debian's kernels, the storm's execs (and the links or
# mounts of the load beside it, where DIR has runs with one) and kmalloc-8k's
# objects in use at its first and last sample, when tools/aa-buffers --watch,
# in the guest, first saw a hold wrapped, what it read after the storm, and
# how many of those columns the host read alike from the dump (BTF and
# kallsyms; DWARF of the -dbg package). Prints Markdown; writes CSV, and
# beside it CSV-readings.csv: the host's readings one a row, their counts
# and exit statuses apart, for make distro's verdict and README's table.
# Usage: scripts/report/distro.sh DIR CSV
set -eu
. "$(dirname "$0")/../config.sh"

ls "$1"/*.txt >/dev/null 2>&1 || die "no runs of make distro in $1"
# Whether each kernel has the fix, from config.sh.
fixed=$(for k in $DISTROS; do distro_facts "$k"; echo "$k=$DISTRO_FIXED"; done)
readings=$(mktemp)
trap 'rm -f "$readings"' EXIT
python3 - "$1" "$fixed" "$readings" <<'PY' | table "$2"
import csv, glob, os, re, sys

def row(path):
    """The one row of a CSV file as a dict, or None."""
    if not os.path.exists(path):
        return None
    r = list(csv.reader(open(path)))
    return dict(zip(r[0], r[1])) if len(r) == 2 else {}

readings = open(sys.argv[3], 'w')
print('\t'.join(['kernel', 'model', 'run', 'how', 'columns equal', 'columns',
                 "host's exit", "guest's exit"]), file=readings)

def alike(k, model, run, guest, gex, path, how):
    """The cell of the host's reading of the dump at path, and its row of
    readings: how many of the guest's columns it read alike."""
    host = row(path + '.csv')
    if host is None:
        return '-'
    ex = open(path + '.exit').read().strip()
    same = sum(guest.get(c) == v for c, v in (host or {}).items())
    print('\t'.join([k, model, str(run), how, str(same), str(len(guest)),
                     ex, gex]), file=readings)
    if not host:
        return 'no reading (exit %s)' % ex
    return '%d of %d (exit %s)' % (same, len(guest), ex)

fixed = dict(l.split('=') for l in sys.argv[2].split())
txts = glob.glob(os.path.join(sys.argv[1], '*.txt'))
# runs with the link or mount load beside the storm (LOAD=link, mount):
# a column of the links or mounts made
extra = [w for w in ('links', 'mounts')
         if any(re.search('^%s,' % w, open(t).read(), re.M) for t in txts)]
print('\t'.join(['kernel', 'has 640cf2f09575', 'model', 'run', 'execs'] +
                 extra + [
                 'kmalloc-8k in use, first and last sample',
                 'first wrapped hold seen by --watch, s into the storm',
                 'CPUs whose hold wrapped, after', 'free buffers: global list, CPU lists',
                 "guest's exit", 'host, BTF', 'host, DWARF']))
runs = []
for txt in txts:
    m = re.fullmatch(r'(.+)-([a-z]+)-(\d+)\.txt', os.path.basename(txt))
    if m:
        runs.append((m[1], m[2], int(m[3]), txt))
order = lambda r: ([int(x) for x in re.findall(r'\d+', r[0])], r[0], r[1], r[2])
for k, model, run, txt in sorted(runs, key=order):
    t = open(txt).read()
    samples = re.findall(r'^sample,[^,]*,(\d+),', t, re.M)
    execs = re.search(r'^done,(\d+)', t, re.M)
    made = [re.search('^%s,(\\d+)' % w, t, re.M) for w in extra]
    # --watch's output: its first table, read before the storm starts,
    # then a line every 5 s, "N s: ...", N seconds into the storm.
    watch = re.search(r'^guest: aa-buffers --watch exit \d+, its output:\n(.*?)'
                      r'^guest: end of --watch', t, re.M | re.S)
    watch = watch.group(1) if watch else ''
    seen = re.search(r'^(?:verdict: |\s*(\d+) s: ).*hold \d+, wrapped', watch, re.M)
    wrap = 'none' if not seen else seen.group(1) or 'before it'
    body = re.search(r'^guest: csv follows\n(.*?)^guest: aa-buffers --csv exit (\d+)',
                     t, re.M | re.S)
    # The header and its row, among what drgn warned on stderr.
    lines = body.group(1).splitlines() if body else []
    head = [i for i, l in enumerate(lines) if l.startswith('global,')]
    guest = (dict(zip(lines[head[0]].split(','), lines[head[0] + 1].split(',')))
             if head and head[0] + 1 < len(lines) else {})
    wrapped = [c[4:] for c, v in guest.items()
               if c.startswith('hold') and int(v) >= 1 << 31]
    cpu = sum(int(v) for c, v in guest.items() if c.startswith('count'))
    base = txt[:-4]
    gex = body.group(2) if body else '-'
    print('\t'.join([k, fixed[k], model, str(run), execs.group(1) if execs else '-'] +
                    [m.group(1) if m else '-' for m in made] + [
                     '%s, %s' % (samples[0], samples[-1]) if samples else '-',
                     wrap,
                     ', '.join(wrapped) or 'none',
                     '%s, %d' % (guest.get('global', '-'), cpu),
                     gex,
                     alike(k, model, run, guest, gex, base + '.btf', 'BTF'),
                     alike(k, model, run, guest, gex, base + '.dwarf', 'DWARF')]))
PY
table "${2%.csv}-readings.csv" <"$readings" >/dev/null
