// SPDX-License-Identifier: GPL-2.0
/*
 * execstorm SECONDS WORKERS PROGRAM [TRACE]: the load of 'make repro'.
 *
 * WORKERS processes fork and execve PROGRAM as fast as they can for SECONDS
 * seconds; every execve takes an AppArmor path buffer. Once a second the
 * parent prints "sample,SECONDS,ACTIVE,TOTAL,EXECS,EVENTS": the kmalloc-8k
 * active and total objects from /proc/slabinfo, the execs so far, and the
 * number of kmalloc events in the tracefs file TRACE (-1 without it). It
 * ends with "done,EXECS".
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void slab(long *active, long *total)
{
	char line[512];
	FILE *f = fopen("/proc/slabinfo", "r");

	*active = *total = -1;
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "kmalloc-8k ", 11))
			sscanf(line + 11, "%ld %ld", active, total);
	if (f)
		fclose(f);
}

static long events(const char *trace)
{
	char line[512];
	long n = 0;
	FILE *f = trace ? fopen(trace, "r") : NULL;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		n += strstr(line, " kmalloc: ") != NULL;
	fclose(f);
	return n;
}

int main(int argc, char **argv)
{
	unsigned long *execs;
	long active, total;
	int seconds, workers, i, t;

	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: execstorm SECONDS WORKERS PROGRAM [TRACE]\n");
		return 2;
	}
	seconds = atoi(argv[1]);
	workers = atoi(argv[2]);
	execs = mmap(NULL, sizeof(*execs), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (execs == MAP_FAILED)
		return 1;
	setpgid(0, 0);		/* so that the end can kill the whole group */
	for (i = 0; i < workers; i++) {
		if (fork())
			continue;
		for (;;) {
			pid_t pid = fork();

			if (pid == 0) {
				execl(argv[3], argv[3], (char *)NULL);
				_exit(127);
			}
			if (pid > 0 && waitpid(pid, NULL, 0) == pid)
				__atomic_fetch_add(execs, 1, __ATOMIC_RELAXED);
		}
	}
	for (t = 0; t <= seconds; t++) {
		slab(&active, &total);
		printf("sample,%d,%ld,%ld,%lu,%ld\n", t, active, total,
		       __atomic_load_n(execs, __ATOMIC_RELAXED),
		       events(argc == 5 ? argv[4] : NULL));
		fflush(stdout);
		if (t < seconds)
			sleep(1);
	}
	printf("done,%lu\n", __atomic_load_n(execs, __ATOMIC_RELAXED));
	fflush(stdout);
	kill(0, SIGKILL);	/* the workers, their children and this one */
	return 0;
}
