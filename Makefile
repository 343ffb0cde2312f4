# The workbench's verbs; each is a small script in scripts/. See README.md.
# KERNEL_SRC=/path/to/linux make   runs the series on your own git tree.
# LINE=6.12 make ...                works on Debian's 6.12 instead of 7.3.

.PHONY: all run check check-all fresh mutants timing x86 insns bisect docs repro preempt faults reclaim bench bench-pairs bench-lstat dumps distro patches clean

all: run

run:		# kernel tree, series applied, KUnit under UML
	scripts/run.sh

check:		# every check of README's "make check", last line N passed, N failed
	@scripts/check.sh

check-all:	# make check, then the RFC's mutants, 6.12 and 7.2, make check on
		# KERNEL_SRC, x86, faults, bench, dumps, distro, fresh; each part once per
		# commit of the code (results/check-all.log)
	@scripts/check.sh all

fresh:		# make and make check in a new Debian 12 chroot, empty cache
	scripts/fresh.sh

mutants:	# deliberate bugs in the buffer code (and the RFC's); the suite must catch each
		# (and races: the concurrency suite on 2 CPUs of SMP UML; then
		# how often it catches each race in 10 runs, results/mutants/)
	scripts/mutants.sh
	scripts/mutants.sh rfc
	scripts/mutants.sh race
	scripts/mutants.sh rfc-race
	RUNS=10 scripts/mutants.sh race
	RUNS=10 scripts/mutants.sh rfc-race

timing:		# how long the suites run under UML, 5 runs (results/timing/)
	scripts/timing.sh

x86:		# the suites as modules in a booted x86_64 debug kernel, 4 CPUs
	scripts/x86.sh

bisect:		# after each patch: W=1, kernel-doc, KUnit (sparse if usable)
	scripts/bisect.sh

docs:		# HTML of the AppArmor admin guide page, no new Sphinx warning
	scripts/docs.sh

repro:		# execve storm under QEMU, pre-fix against fixed: slab, pool state
	scripts/repro.sh

preempt:	# the storm under each preemption model of Debian's kernels, traced
	scripts/preempt.sh

faults:		# execve storm on the fixed kernel with failslab, memory pressure
	scripts/faults.sh

reclaim:	# 7.3 against 7.3 + RFC: a burst, then memory pressure or
		# drop_caches, then a CPU offline; the pool throughout
	scripts/reclaim.sh

bench: bench-pairs bench-lstat	# both halves, in this order

bench-pairs:	# get/put pairs on SMP UML (native speed): today's pool, the
		# RFC, the allocator alone (mempool, plain); 1, 2, 4 CPUs,
		# init_on_alloc on and off, 5 rounds, lock counts in the timed run
	scripts/bench-pairs.sh

bench-lstat:	# confined lstat() under TCG, the same designs, 1/2/4 vCPUs, 5 rounds
	scripts/bench-lstat.sh

dumps:		# tools/aa-buffers on vmcores of the pre-fix, fixed and RFC storm
		# kernels, against the gdbstub pool reader (results/dumps/)
	scripts/dumps.sh

distro:		# Debian's own kernel binaries, pre-fix and fixed, booted with a
		# Debian userspace: the storm, tools/aa-buffers in the guest
		# without -dbg, and on the host's dump (results/distro/)
	scripts/distro.sh

insns:		# CONFIG_KUNIT=n instruction counts of the buffer functions
	scripts/insns.sh

patches:	# export branch "series" of each line's tree to patches/, patches/LINE/;
		# branch "rfc" of 7.3's to patches/rfc/
	scripts/patches.sh all

clean:		# forget the cached packages, trees and builds (KERNEL_SRC: that tree's)
	scripts/clean.sh
