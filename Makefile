# The workbench's verbs; each is a small script in scripts/. See README.md.
# KERNEL_SRC=/path/to/linux make   runs the series on your own git tree.

.PHONY: all run check mutants x86 module insns bisect docs repro patches clean

all: run

run:		# kernel tree, series applied, KUnit under UML
	scripts/run.sh

check:		# every check of README's "make check", last line N passed, N failed
	scripts/check.sh

mutants:	# deliberate bugs in the buffer code; the suite must catch each
	scripts/mutants.sh

x86:		# the suite under QEMU x86_64, 4 CPUs, with the debug options
	scripts/x86.sh

module:		# the suite as a module in a booted x86_64 guest, then kmemleak
	scripts/module.sh

bisect:		# after each patch: W=1, sparse, kernel-doc, KUnit
	scripts/bisect.sh

docs:		# HTML of the AppArmor admin guide page, no new Sphinx warning
	scripts/docs.sh

repro:		# kmalloc-8k under an execve storm, pre-fix against fixed, QEMU
	scripts/repro.sh

insns:		# CONFIG_KUNIT=n instruction counts of the buffer functions
	scripts/insns.sh

patches:	# export the workbench branch "series" to patches/
	scripts/export.sh

clean:		# forget the cached package, trees and builds
	rm -rf "$${XDG_CACHE_HOME:-$$HOME/.cache}/aa-buffer-series"
