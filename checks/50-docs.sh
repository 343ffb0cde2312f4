#!/bin/bash
# make docs: the AppArmor admin guide page builds with no new Sphinx warning.
set -eu
. "$(dirname "$0")/lib.sh"

verb docs "HTML of the AppArmor admin guide page: no new Sphinx warning"
