#!/bin/bash
# make clean: forget the cache (Debian's packages, the trees, the builds,
# ccache). With KERNEL_SRC, only what the workbench keeps for that tree,
# its clone and builds; your tree and its branch aa-buffer-series stay.
set -eu
. "$(dirname "$0")/config.sh"

lock
if [ -n "${SRC:-}" ]; then
	rm -rf "$OUT"
	say "forgot $OUT, the workbench's clone and builds of $SRC"
else
	rm -rf "$CACHE"
	say "forgot $CACHE"
fi
