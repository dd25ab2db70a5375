/* SPDX-License-Identifier: MIT */
/*
 * main.c — memcached's command line, startup and shutdown.
 *
 * The options are memcached's (the subset this server has, same letters and
 * meanings): -p port, -l addresses, -U udp port (only 0 is served), -t
 * threads, -m megabytes, -c connections, -v/-vv, -f factor, -n chunk size,
 * -I item size, -b backlog, -d daemon, -u user, -P pid file, -h, -V (and
 * memcached's long names for them).
 *
 * Startup: settings, the clock, the slab allocator, the hash table, the
 * listening sockets (failure to bind is fatal, exit status 1, as memcached),
 * privileges dropped with -u when started as root, -d, the pid file, the
 * worker threads; then the main thread accepts until SIGINT or SIGTERM and shuts
 * down cleanly (exit status 0).
 */
#include "memcached.h"

#include <errno.h>
#include <getopt.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

struct settings settings;

static void
settings_init (void)
{
  settings.port = 11211;
  settings.inter = NULL;
  settings.udpport = 0;
  settings.num_threads = 4;
  settings.maxbytes = (size_t) 64 << 20;
  settings.maxconns = 1024;
  settings.verbose = 0;
  settings.factor = 1.25;
  settings.chunk_size = 48;
  settings.item_size_max = (size_t) 1 << 20;
  settings.backlog = 1024;
}

static void
usage (void)
{
  printf ("%s (sdtkit's memcached-protocol sample server)\n"
          "-p, --port=<num>          TCP port to listen on (default: 11211)\n"
          "-l, --listen=<addr>       interface(s) to listen on, comma-separated (default: all)\n"
          "-U, --udp-port=<num>      UDP port: only 0 (off) is supported\n"
          "-t, --threads=<num>       number of worker threads (default: 4)\n"
          "-m, --memory-limit=<mb>   item memory in megabytes (default: 64)\n"
          "-c, --conn-limit=<num>    max simultaneous connections (default: 1024)\n"
          "-v, --verbose             print errors and warnings (-vv: also commands)\n"
          "-f, --slab-growth-factor=<num>  chunk size growth factor (default: 1.25)\n"
          "-n, --slab-min-size=<bytes>     min space for key, value and flags (default: 48)\n"
          "-I, --max-item-size=<size>      largest item, k/m suffix allowed (default: 1m)\n"
          "-b, --listen-backlog=<num>      listen backlog (default: 1024)\n"
          "-d, --daemon              run as a daemon\n"
          "-u, --user=<user>         user to run as (when started as root)\n"
          "-P, --pidfile=<file>      write the process id to this file\n"
          "-V, --version             print the version and exit\n"
          "-h, --help                print this help and exit\n",
          PACKAGE_STRING);
}

static bool
parse_int (const char *s, long min, long max, long *out)
{
  char *end;
  errno = 0;
  long v = strtol (s, &end, 10);
  if (errno != 0 || end == s || *end != '\0' || v < min || v > max)
    return false;
  *out = v;
  return true;
}

static bool
parse_size (const char *s, size_t *out)
{
  char *end;
  errno = 0;
  unsigned long long v = strtoull (s, &end, 10);
  if (errno != 0 || end == s)
    return false;
  if (*end == 'k' || *end == 'K')
    v <<= 10, end++;
  else if (*end == 'm' || *end == 'M')
    v <<= 20, end++;
  if (*end != '\0')
    return false;
  *out = (size_t) v;
  return true;
}

static void
on_signal (int sig)
{
  (void) sig;
  net_stop ();
}

static void
drop_privileges (const char *user)
{
  if (getuid () != 0 && geteuid () != 0)
    return;
  struct passwd *pw = getpwnam (user);
  if (pw == NULL)
    {
      fprintf (stderr, "can't find the user %s to switch to\n", user);
      exit (EXIT_FAILURE);
    }
  if (setgroups (0, NULL) != 0 || setgid (pw->pw_gid) != 0 || setuid (pw->pw_uid) != 0)
    {
      fprintf (stderr, "failed to assume identity of user %s\n", user);
      exit (EXIT_FAILURE);
    }
}

static void
raise_fd_limit (void)
{
  struct rlimit rl;
  if (getrlimit (RLIMIT_NOFILE, &rl) != 0)
    return;
  rlim_t want = (rlim_t) settings.maxconns + 64;
  if (rl.rlim_cur >= want)
    return;
  rl.rlim_cur = want;
  if (rl.rlim_max < want)
    rl.rlim_max = want;
  if (setrlimit (RLIMIT_NOFILE, &rl) != 0)
    fprintf (stderr, "failed to raise the open file limit to %llu; -c may not be reached\n",
             (unsigned long long) want);
}

int
main (int argc, char **argv)
{
  const char *user = NULL, *pidfile = NULL;
  bool daemonize = false;
  long v;
  int opt;

  static const struct option longopts[] = {
    { "port", required_argument, NULL, 'p' },
    { "listen", required_argument, NULL, 'l' },
    { "udp-port", required_argument, NULL, 'U' },
    { "threads", required_argument, NULL, 't' },
    { "memory-limit", required_argument, NULL, 'm' },
    { "conn-limit", required_argument, NULL, 'c' },
    { "verbose", no_argument, NULL, 'v' },
    { "slab-growth-factor", required_argument, NULL, 'f' },
    { "slab-min-size", required_argument, NULL, 'n' },
    { "max-item-size", required_argument, NULL, 'I' },
    { "listen-backlog", required_argument, NULL, 'b' },
    { "daemon", no_argument, NULL, 'd' },
    { "user", required_argument, NULL, 'u' },
    { "pidfile", required_argument, NULL, 'P' },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 }
  };

  settings_init ();
  while ((opt = getopt_long (argc, argv, "p:l:U:t:m:c:vf:n:I:b:du:P:hV", longopts, NULL)) != -1)
    {
      switch (opt)
        {
        case 'p':
          if (!parse_int (optarg, 0, 65535, &v))
            goto bad_value;
          settings.port = (int) v;
          break;
        case 'l':
          settings.inter = optarg;
          break;
        case 'U':
          if (!parse_int (optarg, 0, 65535, &v))
            goto bad_value;
          settings.udpport = (int) v;
          break;
        case 't':
          if (!parse_int (optarg, 1, 256, &v))
            {
              fprintf (stderr, "Number of threads must be between 1 and 256\n");
              return EXIT_FAILURE;
            }
          settings.num_threads = (int) v;
          break;
        case 'm':
          if (!parse_int (optarg, 1, (long) (SIZE_MAX >> 21), &v))
            goto bad_value;
          settings.maxbytes = (size_t) v << 20;
          break;
        case 'c':
          if (!parse_int (optarg, 1, 1 << 20, &v))
            goto bad_value;
          settings.maxconns = (int) v;
          break;
        case 'v':
          settings.verbose++;
          break;
        case 'f':
          {
            char *end;
            settings.factor = strtod (optarg, &end);
            if (*end != '\0' || !(settings.factor > 1.0))
              {
                fprintf (stderr, "Factor must be greater than 1\n");
                return EXIT_FAILURE;
              }
            break;
          }
        case 'n':
          if (!parse_int (optarg, 1, 1 << 20, &v))
            goto bad_value;
          settings.chunk_size = (size_t) v;
          break;
        case 'I':
          if (!parse_size (optarg, &settings.item_size_max)
              || settings.item_size_max < 1024 || settings.item_size_max > ((size_t) 128 << 20))
            {
              fprintf (stderr, "Item max size must be between 1k and 128m\n");
              return EXIT_FAILURE;
            }
          break;
        case 'b':
          if (!parse_int (optarg, 1, INT_MAX, &v))
            goto bad_value;
          settings.backlog = (int) v;
          break;
        case 'd':
          daemonize = true;
          break;
        case 'u':
          user = optarg;
          break;
        case 'P':
          pidfile = optarg;
          break;
        case 'h':
          usage ();
          return EXIT_SUCCESS;
        case 'V':
          printf ("%s\n", PACKAGE_STRING);
          return EXIT_SUCCESS;
        default:
          fprintf (stderr, "Try `%s -h' for more information.\n", argv[0]);
          return EXIT_FAILURE;
        bad_value:
          fprintf (stderr, "Invalid value for -%c: %s\n", opt, optarg);
          return EXIT_FAILURE;
        }
    }
  if (optind < argc)
    {
      fprintf (stderr, "Unexpected argument: %s\n", argv[optind]);
      return EXIT_FAILURE;
    }
  if (settings.udpport != 0)
    fprintf (stderr, "UDP is not supported by this server: -U %d ignored\n", settings.udpport);
  if (settings.item_size_max > settings.maxbytes)
    {
      fprintf (stderr, "Cannot set item size limit higher than the memory limit\n");
      return EXIT_FAILURE;
    }

  signal (SIGPIPE, SIG_IGN);
  struct sigaction sa = { .sa_handler = on_signal };
  sigemptyset (&sa.sa_mask);
  sigaction (SIGINT, &sa, NULL);
  sigaction (SIGTERM, &sa, NULL);

  raise_fd_limit ();
  clock_init ();
  slabs_init (settings.maxbytes, settings.factor, settings.chunk_size, settings.item_size_max);
  assoc_init (16);
  items_init ();

  if (net_listen () != 0)
    return EXIT_FAILURE;
  if (user != NULL)
    drop_privileges (user);
  if (daemonize && daemon (0, verbosity () > 0) != 0)
    {
      perror ("daemon");
      return EXIT_FAILURE;
    }
  if (pidfile != NULL)
    {
      FILE *f = fopen (pidfile, "w");
      if (f == NULL)
        {
          fprintf (stderr, "Could not open the pid file %s: %s\n", pidfile, strerror (errno));
          return EXIT_FAILURE;
        }
      fprintf (f, "%ld\n", (long) getpid ());
      fclose (f);
    }
  if (net_start_workers () != 0)
    return EXIT_FAILURE;
  if (verbosity () > 0)
    fprintf (stderr, "%s listening on port %d with %d threads\n", PACKAGE_STRING,
             settings.port, settings.num_threads);

  net_accept_loop ();
  net_shutdown ();
  if (pidfile != NULL)
    unlink (pidfile);
  return EXIT_SUCCESS;
}
