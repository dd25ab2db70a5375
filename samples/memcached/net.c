/* SPDX-License-Identifier: MIT */
/*
 * net.c — listening sockets, the accept thread and the worker threads.
 *
 * The main thread listens (on every -l address, or on all addresses) and
 * accepts.  Each accepted socket is handed to the next worker in turn
 * (round-robin): it is queued on the worker's list and the worker's eventfd
 * is bumped; conn-dispatch fires at that moment, naming the socket and the
 * worker's kernel thread id.  Each worker runs its own epoll set
 * (level-triggered) over its eventfd and its connections, and owns those
 * connections completely: nothing about a connection is shared between
 * threads.  Above -c simultaneous connections a new client gets
 * "ERROR Too many open connections" and is closed, as with memcached.
 *
 * Shutdown (SIGINT/SIGTERM): the signal handler writes to a pipe the accept
 * loop polls; the loop returns, the listeners close, each worker is told to
 * stop through its eventfd, closes its connections, frees its pool of
 * connection objects and exits; the main thread joins them.
 */
#include "conn.h"
#include "trace.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAX_LISTENERS 16
#define EVENTS_PER_WAIT 64

static struct worker *workers;
static unsigned nworkers;
static unsigned next_worker;
static int listeners[MAX_LISTENERS];
static int nlisteners;
static int wake_pipe[2] = { -1, -1 };

static pthread_mutex_t ready_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready_cond = PTHREAD_COND_INITIALIZER;
static unsigned nready;

unsigned
net_nthreads (void)
{
  return nworkers;
}

/* ---------------------------------------------------------------- listening */

static int
listen_on (const char *host, int port)
{
  struct addrinfo hints = { .ai_flags = AI_PASSIVE, .ai_family = AF_UNSPEC,
                            .ai_socktype = SOCK_STREAM };
  struct addrinfo *ai;
  char portstr[16];
  snprintf (portstr, sizeof portstr, "%d", port);
  int e = getaddrinfo (host, portstr, &hints, &ai);
  if (e != 0)
    {
      fprintf (stderr, "getaddrinfo(%s): %s\n", host != NULL ? host : "any", gai_strerror (e));
      return -1;
    }
  int bound = 0, rc = 0;
  for (struct addrinfo *a = ai; a != NULL; a = a->ai_next)
    {
      if (nlisteners == MAX_LISTENERS)
        {
          fprintf (stderr, "Too many listening addresses\n");
          rc = -1;
          break;
        }
      int fd = socket (a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                       a->ai_protocol);
      if (fd < 0)
        {
          if (errno == EAFNOSUPPORT)
            continue;               /* no IPv6 here: fine */
          perror ("socket");
          rc = -1;
          break;
        }
      int one = 1;
      setsockopt (fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
      if (a->ai_family == AF_INET6)
        setsockopt (fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
      if (bind (fd, a->ai_addr, a->ai_addrlen) != 0)
        {
          int err = errno;
          close (fd);
          if (err == EADDRNOTAVAIL && host == NULL)
            continue;
          fprintf (stderr, "failed to listen on TCP port %d: %s\n", port, strerror (err));
          rc = -1;
          break;
        }
      if (listen (fd, settings.backlog) != 0)
        {
          perror ("listen()");
          close (fd);
          rc = -1;
          break;
        }
      listeners[nlisteners++] = fd;
      bound++;
    }
  freeaddrinfo (ai);
  if (rc == 0 && bound == 0)
    {
      fprintf (stderr, "failed to listen on TCP port %d: no usable address\n", port);
      rc = -1;
    }
  return rc;
}

int
net_listen (void)
{
  if (pipe2 (wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
    {
      perror ("pipe");
      return -1;
    }
  if (settings.inter == NULL)
    return listen_on (NULL, settings.port);
  char *list = strdup (settings.inter), *save = NULL;
  int rc = 0;
  for (char *h = strtok_r (list, ",", &save); h != NULL && rc == 0;
       h = strtok_r (NULL, ",", &save))
    {
      /* "[::1]" is an IPv6 address in brackets. */
      size_t n = strlen (h);
      if (n > 2 && h[0] == '[' && h[n - 1] == ']')
        {
          h[n - 1] = '\0';
          h++;
        }
      rc = listen_on (h, settings.port);
    }
  free (list);
  return rc;
}

/* ---------------------------------------------------------------- workers */

static void
take_new_connections (struct worker *w)
{
  pthread_mutex_lock (&w->qlock);
  struct newconn *q = w->qhead;
  w->qhead = w->qtail = NULL;
  pthread_mutex_unlock (&w->qlock);
  while (q != NULL)
    {
      struct newconn *next = q->next;
      if (__atomic_load_n (&w->stop, __ATOMIC_ACQUIRE) || conn_new (q->sfd, w) == NULL)
        {
          close (q->sfd);
          STATS_DECR (curr_connections);
        }
      free (q);
      q = next;
    }
}

static void *
worker_main (void *arg)
{
  struct worker *w = arg;
  w->tid = (int) syscall (SYS_gettid);
  pthread_mutex_lock (&ready_lock);
  nready++;
  pthread_cond_signal (&ready_cond);
  pthread_mutex_unlock (&ready_lock);

  struct epoll_event evs[EVENTS_PER_WAIT];
  while (!__atomic_load_n (&w->stop, __ATOMIC_ACQUIRE))
    {
      int n = epoll_wait (w->epfd, evs, EVENTS_PER_WAIT, -1);
      if (n < 0)
        {
          if (errno != EINTR)
            perror ("epoll_wait");
          continue;
        }
      for (int i = 0; i < n; i++)
        {
          if (evs[i].data.ptr == NULL)
            {
              uint64_t count;
              if (read (w->evfd, &count, sizeof count) < 0 && errno != EAGAIN)
                perror ("eventfd read");
              take_new_connections (w);
            }
          else
            conn_event (evs[i].data.ptr, evs[i].events);
        }
    }

  take_new_connections (w);         /* closes whatever is still queued */
  while (w->active != NULL)
    conn_close (w->active);
  while (w->idle != NULL)
    {
      conn *c = w->idle;
      w->idle = c->next;
      conn_destroy (c);
    }
  return NULL;
}

int
net_start_workers (void)
{
  nworkers = (unsigned) settings.num_threads;
  workers = calloc (nworkers, sizeof *workers);
  if (workers == NULL)
    return -1;
  for (unsigned i = 0; i < nworkers; i++)
    {
      struct worker *w = &workers[i];
      w->index = (int) i;
      pthread_mutex_init (&w->qlock, NULL);
      w->epfd = epoll_create1 (EPOLL_CLOEXEC);
      w->evfd = eventfd (0, EFD_NONBLOCK | EFD_CLOEXEC);
      if (w->epfd < 0 || w->evfd < 0)
        {
          perror ("epoll/eventfd");
          return -1;
        }
      struct epoll_event ev = { .events = EPOLLIN, .data.ptr = NULL };
      if (epoll_ctl (w->epfd, EPOLL_CTL_ADD, w->evfd, &ev) != 0)
        {
          perror ("epoll_ctl");
          return -1;
        }
      int e = pthread_create (&w->thread, NULL, worker_main, w);
      if (e != 0)
        {
          fprintf (stderr, "Can't create thread: %s\n", strerror (e));
          return -1;
        }
    }
  /* conn-dispatch reports the workers' thread ids: wait until they are known. */
  pthread_mutex_lock (&ready_lock);
  while (nready < nworkers)
    pthread_cond_wait (&ready_cond, &ready_lock);
  pthread_mutex_unlock (&ready_lock);
  return 0;
}

static void
dispatch (int sfd)
{
  struct worker *w = &workers[next_worker++ % nworkers];
  struct newconn *q = malloc (sizeof *q);
  if (q == NULL)
    {
      close (sfd);
      STATS_DECR (curr_connections);
      return;
    }
  q->sfd = sfd;
  q->next = NULL;
  pthread_mutex_lock (&w->qlock);
  if (w->qtail != NULL)
    w->qtail->next = q;
  else
    w->qhead = q;
  w->qtail = q;
  pthread_mutex_unlock (&w->qlock);
  MEMCACHED_CONN_DISPATCH (sfd, w->tid);
  uint64_t one = 1;
  if (write (w->evfd, &one, sizeof one) < 0)
    perror ("eventfd write");
}

static void
accept_from (int lfd)
{
  for (;;)
    {
      int sfd = accept4 (lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (sfd < 0)
        {
          if (errno == EMFILE || errno == ENFILE)
            {
              if (verbosity () > 0)
                fprintf (stderr, "Too many open connections\n");
              struct timespec pause = { 0, 10 * 1000 * 1000 };
              nanosleep (&pause, NULL);
            }
          else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR
                   && errno != ECONNABORTED)
            perror ("accept()");
          return;
        }
      if (__atomic_load_n (&stats.curr_connections, __ATOMIC_RELAXED)
          >= (uint64_t) settings.maxconns)
        {
          static const char msg[] = "ERROR Too many open connections\r\n";
          if (write (sfd, msg, sizeof msg - 1) < 0)
            { /* the client is gone already */ }
          close (sfd);
          STATS_INCR (rejected_connections);
          continue;
        }
      int one = 1;
      setsockopt (sfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      STATS_INCR (curr_connections);
      STATS_INCR (total_connections);
      dispatch (sfd);
    }
}

void
net_accept_loop (void)
{
  struct pollfd pfd[MAX_LISTENERS + 1];
  for (int i = 0; i < nlisteners; i++)
    pfd[i] = (struct pollfd) { .fd = listeners[i], .events = POLLIN };
  pfd[nlisteners] = (struct pollfd) { .fd = wake_pipe[0], .events = POLLIN };
  for (;;)
    {
      int n = poll (pfd, (nfds_t) nlisteners + 1, -1);
      if (n < 0)
        {
          if (errno != EINTR)
            perror ("poll");
          continue;
        }
      if (pfd[nlisteners].revents != 0)
        return;                     /* net_stop was called */
      for (int i = 0; i < nlisteners; i++)
        if (pfd[i].revents & POLLIN)
          accept_from (listeners[i]);
    }
}

/* Async-signal-safe: only writes to the pipe. */
void
net_stop (void)
{
  int saved = errno;
  if (write (wake_pipe[1], "x", 1) < 0)
    { /* the pipe is full: a stop is pending already */ }
  errno = saved;
}

void
net_shutdown (void)
{
  for (int i = 0; i < nlisteners; i++)
    close (listeners[i]);
  nlisteners = 0;
  for (unsigned i = 0; i < nworkers; i++)
    {
      __atomic_store_n (&workers[i].stop, true, __ATOMIC_RELEASE);
      uint64_t one = 1;
      if (write (workers[i].evfd, &one, sizeof one) < 0)
        perror ("eventfd write");
    }
  for (unsigned i = 0; i < nworkers; i++)
    {
      pthread_join (workers[i].thread, NULL);
      close (workers[i].epfd);
      close (workers[i].evfd);
    }
  free (workers);
  workers = NULL;
}
