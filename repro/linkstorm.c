// SPDX-License-Identifier: GPL-2.0
/*
 * linkstorm [-m] SECONDS WORKERS DIR: the link load beside the execve storm.
 *
 * WORKERS processes each link() a file of their own in DIR to a second
 * name and unlink() that name, as fast as they can, for SECONDS seconds.
 * Confined, each link() goes through AppArmor's aa_path_link(), which
 * holds two path buffers at once: one task on one CPU, never preempted,
 * can then cache two buffers against a hold of one, the schedule under
 * which a pre-fix hold wraps without preemption. It ends with
 * "links,N" (links made) and "link_failed,ERRNO,N" for each errno a
 * link() or unlink() failed with.
 *
 * -m: bind-mount a directory of their own in DIR on a second one and
 * unmount it instead (root), each bind mount two buffers at once in
 * AppArmor's mount mediation; "mounts,N" and "mount_failed,ERRNO,N".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ERRNOS 256

int main(int argc, char **argv)
{
	long *count, n = 0;
	int secs, workers, i, fd;
	char from[256], to[256];
	time_t end;

	int bind = argc > 1 && !strcmp(argv[1], "-m");
	const char *what = bind ? "mount" : "link";

	argv += bind;
	argc -= bind;
	if (argc != 4) {
		fprintf(stderr, "usage: linkstorm [-m] SECONDS WORKERS DIR\n");
		return 2;
	}
	secs = atoi(argv[1]);
	workers = atoi(argv[2]);
	/* counts shared with the workers: links, then failures per errno */
	count = mmap(NULL, (1 + ERRNOS) * sizeof(long) * workers,
		     PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (count == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	end = time(NULL) + secs;
	for (i = 0; i < workers; i++) {
		if (fork())
			continue;
		long *mine = count + i * (1 + ERRNOS);

		snprintf(from, sizeof(from), "%s/f%d", argv[3], i);
		snprintf(to, sizeof(to), "%s/l%d", argv[3], i);
		if (bind) {
			fd = mkdir(from, 0700) || mkdir(to, 0700) ? -1 : 0;
		} else {
			fd = open(from, O_CREAT | O_WRONLY, 0600);
			if (fd >= 0)
				close(fd);
		}
		if (fd < 0) {
			perror(from);
			_exit(1);
		}
		while (time(NULL) < end) {
			if (bind ? mount(from, to, NULL, MS_BIND, NULL) :
				   link(from, to))
				mine[1 + errno % ERRNOS]++;
			else
				mine[0]++;
			if ((bind ? umount(to) : unlink(to)) != 0 &&
			    errno != ENOENT && errno != EINVAL)
				mine[1 + errno % ERRNOS]++;
		}
		_exit(0);
	}
	while (wait(NULL) > 0)
		;
	for (i = 0; i < workers; i++)
		n += count[i * (1 + ERRNOS)];
	printf("%ss,%ld\n", what, n);
	for (fd = 1; fd < ERRNOS; fd++) {
		long e = 0;

		for (i = 0; i < workers; i++)
			e += count[i * (1 + ERRNOS) + 1 + fd];
		if (e)
			printf("%s_failed,%d,%ld\n", what, fd, e);
	}
	return 0;
}
