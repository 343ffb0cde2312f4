# SPDX-License-Identifier: GPL-2.0
"""qmp-dump.py SOCKET PATH: dump a QEMU guest's memory to PATH through its
QMP socket SOCKET: ELF, with the virtual addresses of the guest's page
tables (paging), without which drgn 0.0.22 cannot read a kernel address of
it. Used by make dumps (scripts/helpers/pool.py) and make distro."""
import json
import socket
import sys


def dump(sock, path):
    qmp = socket.socket(socket.AF_UNIX)
    qmp.connect(sock)
    f = qmp.makefile('rw')
    f.readline()			# the greeting
    for cmd in ({'execute': 'qmp_capabilities'},
                {'execute': 'dump-guest-memory', 'arguments':
                 {'paging': True, 'protocol': 'file:' + path}}):
        f.write(json.dumps(cmd) + '\n')
        f.flush()
        while True:			# events come in between
            r = json.loads(f.readline())
            if 'error' in r:
                sys.exit('QMP %s: %s' % (cmd['execute'], r['error']['desc']))
            if 'return' in r:
                break
    qmp.close()


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit('usage: qmp-dump.py SOCKET PATH')
    dump(sys.argv[1], sys.argv[2])
