// SPDX-License-Identifier: GPL-2.0
/*
 * execstorm [-m] SECONDS WORKERS PROGRAM [TRACE]: the load of 'make repro'.
 *
 * WORKERS processes fork and execve PROGRAM as fast as they can for SECONDS
 * seconds; every execve takes an AppArmor path buffer. Once a second the
 * parent prints "sample,SECONDS,ACTIVE,TOTAL,EXECS,EVENTS": the kmalloc-8k
 * active and total objects from /proc/slabinfo, the execs so far, and the
 * number of kmalloc events in the tracefs file TRACE (-1 without it). It
 * ends with "done,EXECS", then a line for each way a try went wrong:
 * "exec_failed,ERRNO,N" (execve returned ERRNO), "fork_failed,ERRNO,N",
 * "killed,N" (a child died of a signal) and "respawned,N" (a worker died
 * and was started again). EXECS counts the children reaped, failed
 * execs included.
 *
 * -m, the migration storm: the workers, and so their children, run on CPUs
 * 1..n-1, and a mover on CPU 0 moves every child to CPU 0 once, as soon as
 * it sees it, while it may still be inside its execve. A child moved
 * between aa_get_buffer() and aa_put_buffer() puts its buffer on CPU 0,
 * where only the children moved there take buffers: the schedule under
 * which the search finds the fixed pool growing, if CPU 0's hold is up.
 * It ends with "moved,N" (children moved).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <errno.h>
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

#define MAX_WORKERS 1024

/* Counts shared by the parent, the workers and their children. */
static struct counts {
	unsigned long execs, killed, respawned, moved;
	unsigned long exec_failed[256], fork_failed[256];
	pid_t child[MAX_WORKERS];	/* each worker's child of the moment */
} *n;

static void add(unsigned long *c)
{
	__atomic_fetch_add(c, 1, __ATOMIC_RELAXED);
}

static void worker(int id, const char *program)
{
	int status;

	signal(SIGTERM, SIG_DFL);
	for (;;) {
		pid_t pid = fork();

		if (pid == 0) {
			__atomic_store_n(&n->child[id], getpid(),
					 __ATOMIC_RELAXED);
			execl(program, program, (char *)NULL);
			_exit(errno & 255);	/* PROGRAM itself exits 0 */
		}
		if (pid < 0) {
			add(&n->fork_failed[errno & 255]);
			usleep(10000);
			continue;
		}
		if (waitpid(pid, &status, 0) != pid)
			continue;
		add(&n->execs);
		if (WIFSIGNALED(status))
			add(&n->killed);
		else if (WEXITSTATUS(status))
			add(&n->exec_failed[WEXITSTATUS(status)]);
	}
}

/* Pin the calling process to CPU FIRST, or to FIRST..LAST. */
static void pin(int first, int last)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	for (; first <= last; first++)
		CPU_SET(first, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("execstorm: sched_setaffinity");
		exit(1);
	}
}

/* The mover of -m: on CPU 0, moves each worker's child to CPU 0 once. */
static void mover(int workers)
{
	static pid_t seen[MAX_WORKERS];
	cpu_set_t cpu0;
	int i, new;
	pid_t pid;

	signal(SIGTERM, SIG_DFL);
	pin(0, 0);
	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	for (;;) {
		new = 0;
		for (i = 0; i < workers; i++) {
			pid = __atomic_load_n(&n->child[i], __ATOMIC_RELAXED);
			if (!pid || pid == seen[i])
				continue;
			seen[i] = pid;
			new = 1;
			if (!sched_setaffinity(pid, sizeof(cpu0), &cpu0))
				add(&n->moved);
		}
		if (!new)
			sched_yield();	/* let the children on CPU 0 run */
	}
}

/* Start worker ID, or the mover if ID is WORKERS; returns its pid. */
static pid_t start(int id, int workers, const char *program)
{
	pid_t pid = fork();

	if (pid == 0 && id == workers)
		mover(workers);
	if (pid == 0)
		worker(id, program);
	return pid;
}

static void print_failures(const char *what, unsigned long *c)
{
	int e;

	for (e = 0; e < 256; e++)
		if (c[e])
			printf("%s,%d,%lu\n", what, e, c[e]);
}

int main(int argc, char **argv)
{
	long active, total, cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int seconds, workers, i, t, migrate = 0;
	static pid_t pids[MAX_WORKERS + 1];
	pid_t pid;

	if (argc > 1 && !strcmp(argv[1], "-m")) {
		migrate = 1;
		argc--;
		argv++;
	}
	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: execstorm [-m] SECONDS WORKERS PROGRAM [TRACE]\n");
		return 2;
	}
	seconds = atoi(argv[1]);
	workers = atoi(argv[2]);
	if (workers < 1 || workers > MAX_WORKERS || (migrate && cpus < 2)) {
		fprintf(stderr, "execstorm: 1..%d workers; -m needs 2 CPUs\n",
			MAX_WORKERS);
		return 2;
	}
	n = mmap(NULL, sizeof(*n), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (n == MAP_FAILED)
		return 1;
	setpgid(0, 0);		/* so that the end can stop the whole group */
	signal(SIGTERM, SIG_IGN);
	if (migrate)
		pin(1, cpus - 1);
	for (i = 0; i < workers + migrate; i++)
		pids[i] = start(i, workers, argv[3]);
	for (t = 0; t <= seconds; t++) {
		/* a worker the OOM killer took is started again */
		while ((pid = waitpid(-1, NULL, WNOHANG)) > 0) {
			add(&n->respawned);
			for (i = 0; i < workers + migrate; i++)
				if (pids[i] == pid)
					pids[i] = start(i, workers, argv[3]);
		}
		slab(&active, &total);
		printf("sample,%d,%ld,%ld,%lu,%ld\n", t, active, total,
		       __atomic_load_n(&n->execs, __ATOMIC_RELAXED),
		       events(argc == 5 ? argv[4] : NULL));
		fflush(stdout);
		if (t < seconds)
			sleep(1);
	}
	kill(0, SIGTERM);	/* the workers and their children */
	while (wait(NULL) > 0)
		;
	printf("done,%lu\n", __atomic_load_n(&n->execs, __ATOMIC_RELAXED));
	print_failures("exec_failed", n->exec_failed);
	print_failures("fork_failed", n->fork_failed);
	printf("killed,%lu\nrespawned,%lu\n", n->killed, n->respawned);
	if (migrate)
		printf("moved,%lu\n", n->moved);
	fflush(stdout);
	return 0;
}
