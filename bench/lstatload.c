// SPDX-License-Identifier: GPL-2.0
/*
 * make bench's syscall load, as in the 2021 report behind the per-CPU
 * cache (clang++'s lstat() calls): lstat() each file of DIR in turn, for
 * SECONDS, then print
 *   lstat,LABEL,CALLS,NS,REFUSED
 * LABEL is the task's AppArmor label (/proc/self/attr/current): the guest
 * checks that the load ran confined. REFUSED counts the calls that failed.
 * Usage: lstatload SECONDS DIR
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define MAX_FILES 64

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv)
{
	static char paths[MAX_FILES][256];
	long long start, end, calls = 0, refused = 0;
	char label[128] = "unknown";
	struct dirent *d;
	struct stat st;
	int n = 0, i;
	FILE *f;
	DIR *dir;

	if (argc != 3) {
		fprintf(stderr, "usage: lstatload SECONDS DIR\n");
		return 2;
	}
	dir = opendir(argv[2]);
	if (!dir) {
		perror(argv[2]);
		return 1;
	}
	while ((d = readdir(dir)) && n < MAX_FILES)
		if (d->d_name[0] != '.')
			snprintf(paths[n++], sizeof(paths[0]), "%s/%s",
				 argv[2], d->d_name);
	closedir(dir);
	if (!n) {
		fprintf(stderr, "lstatload: %s is empty\n", argv[2]);
		return 1;
	}
	f = fopen("/proc/self/attr/current", "r");
	if (f) {
		if (fgets(label, sizeof(label), f))
			label[strcspn(label, "\n")] = '\0';
		fclose(f);
	}
	start = now_ns();
	end = start + atoll(argv[1]) * 1000000000LL;
	do {
		for (i = 0; i < n; i++, calls++)
			if (lstat(paths[i], &st))
				refused++;
	} while (now_ns() < end);
	printf("lstat,%s,%lld,%lld,%lld\n", label, calls, now_ns() - start,
	       refused);
	return 0;
}
