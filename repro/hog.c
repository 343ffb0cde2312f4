// SPDX-License-Identifier: GPL-2.0
/*
 * hog PERCENT: the memory pressure of 'make faults'. Takes PERCENT % of
 * MemAvailable as anonymous memory, writes every page of it (the guests
 * have no swap, so it stays taken), prints "hog,KIB" and sleeps until
 * killed. The OOM killer may pick it, as any other task: that is part of
 * what the run shows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long avail = -1, kib, page = sysconf(_SC_PAGESIZE), off;
	char line[256];
	FILE *f = fopen("/proc/meminfo", "r");
	char *p;

	if (argc != 2) {
		fprintf(stderr, "usage: hog PERCENT\n");
		return 2;
	}
	while (f && fgets(line, sizeof(line), f))
		sscanf(line, "MemAvailable: %ld kB", &avail);
	if (f)
		fclose(f);
	if (avail < 0) {
		fprintf(stderr, "hog: no MemAvailable in /proc/meminfo\n");
		return 1;
	}
	kib = avail * atol(argv[1]) / 100;
	p = malloc(kib * 1024);
	if (!p) {
		fprintf(stderr, "hog: cannot allocate %ld KiB\n", kib);
		return 1;
	}
	for (off = 0; off < kib * 1024; off += page)
		p[off] = 1;
	printf("hog,%ld\n", kib);
	fflush(stdout);
	for (;;)
		pause();
}
