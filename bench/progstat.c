/* SPDX-License-Identifier: MIT */
/*
 * progstat.c — what a tracer's BPF programs cost per run, measured by the
 * kernel: `progstat [-n RUNS] CMD [ARG...]` turns on BPF run-time statistics
 * (BPF_ENABLE_STATS, held only while it runs), runs CMD (a tracer), and
 * while CMD lives polls every BPF program loaded after the start for its
 * run count, total run time, and translated and JIT-ed sizes.  At the end it
 * prints one line per program that ran at least 100 times (exactly RUNS
 * times with -n: other programs on a shared machine are left out):
 *
 *   name  runs  ns-per-run  xlated-insns  jited-bytes
 *
 * This separates the program's own cost from the uprobe trap around it
 * (bench/run figure 2), which on a shared VM is both dominant and noisy.
 * The last poll is at most 10 ms before CMD exits; the traced program
 * (bench/loop) lingers a little after timing so that the counts are final.
 */
#define _GNU_SOURCE
#include <bpf/bpf.h>
#include <errno.h>
#include <linux/bpf.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct seen {
  uint32_t id;
  char name[BPF_OBJ_NAME_LEN];
  uint64_t cnt, ns;
  uint32_t xlated, jited;
};

static uint32_t *before;
static size_t nbefore;
static struct seen *progs;
static size_t nprogs, cap;

static int
existed (uint32_t id)
{
  for (size_t i = 0; i < nbefore; i++)
    if (before[i] == id)
      return 1;
  return 0;
}

static void
poll_progs (int snapshot)
{
  uint32_t id = 0;
  while (bpf_prog_get_next_id (id, &id) == 0)
    {
      if (snapshot)
        {
          before = realloc (before, (nbefore + 1) * sizeof *before);
          if (!before)
            exit (1);
          before[nbefore++] = id;
          continue;
        }
      if (existed (id))
        continue;
      int fd = bpf_prog_get_fd_by_id (id);
      if (fd < 0)
        continue;
      struct bpf_prog_info info;
      uint32_t len = sizeof info;
      memset (&info, 0, sizeof info);
      if (bpf_obj_get_info_by_fd (fd, &info, &len) == 0)
        {
          size_t i;
          for (i = 0; i < nprogs && progs[i].id != id; i++)
            ;
          if (i == nprogs)
            {
              if (nprogs == cap)
                {
                  cap = cap ? 2 * cap : 16;
                  progs = realloc (progs, cap * sizeof *progs);
                  if (!progs)
                    exit (1);
                }
              memset (&progs[nprogs], 0, sizeof *progs);
              progs[nprogs].id = id;
              nprogs++;
            }
          struct seen *s = &progs[i];
          memcpy (s->name, info.name, sizeof s->name);
          s->name[sizeof s->name - 1] = '\0';
          if (info.run_cnt >= s->cnt)
            {
              s->cnt = info.run_cnt;
              s->ns = info.run_time_ns;
            }
          s->xlated = info.xlated_prog_len / 8;
          s->jited = info.jited_prog_len;
        }
      close (fd);
    }
}

int
main (int argc, char **argv)
{
  unsigned long long want = 0;
  if (argc > 2 && strcmp (argv[1], "-n") == 0)
    {
      want = strtoull (argv[2], NULL, 10);
      argv += 2;
      argc -= 2;
    }
  if (argc < 2)
    {
      fprintf (stderr, "usage: progstat [-n RUNS] CMD [ARG...]\n");
      return 2;
    }
  int stats = bpf_enable_stats (BPF_STATS_RUN_TIME);
  if (stats < 0)
    {
      fprintf (stderr, "progstat: BPF_ENABLE_STATS: %s\n", strerror (errno));
      return 1;
    }
  poll_progs (1);
  pid_t pid = fork ();
  if (pid < 0)
    return 1;
  if (pid == 0)
    {
      execvp (argv[1], argv + 1);
      fprintf (stderr, "progstat: %s: %s\n", argv[1], strerror (errno));
      _exit (127);
    }
  int status = 0;
  for (;;)
    {
      poll_progs (0);
      pid_t w = waitpid (pid, &status, WNOHANG);
      if (w == pid)
        break;
      usleep (10000);
    }
  close (stats);
  for (size_t i = 0; i < nprogs; i++)
    if (want ? progs[i].cnt == want : progs[i].cnt >= 100)
      printf ("%s %llu %.1f %u %u\n", progs[i].name[0] ? progs[i].name : "-",
              (unsigned long long) progs[i].cnt, (double) progs[i].ns / (double) progs[i].cnt,
              progs[i].xlated, progs[i].jited);
  free (before);
  free (progs);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 1;
}
