/* SPDX-License-Identifier: MIT */
/*
 * cpp.c — `-C`: run the C preprocessor over a .d file.
 *
 * The command is $CPP when set and not blank, else "$CC -E" when CC is set
 * and not blank, else "cpp".  Both variables are split into words the way a
 * POSIX shell would split them (blanks, '...', "...", backslash; no
 * expansions), and the command is run directly with posix_spawnp, never
 * through a shell.  Its arguments are, in order:
 *
 *   WORDS... -x c -D__SDTKIT_D=1 -D__SUNW_D=1 <-D/-U/-I words> FILE
 *
 * "-x c" forces C mode whatever the file is called (systemtap's
 * CPP="gcc -E" produced an empty header because gcc -E does not treat .d
 * files as C).  __SUNW_D is what Solaris-style dtrace defines for D sources,
 * so that shared headers can test for D; __SDTKIT_D identifies sdtkit.  The
 * user's -D/-U words come after them and can undo them.
 *
 * The output is read through a pipe (no temporary files); stderr passes
 * through.  Line markers in the output keep diagnostics on the original
 * files (see lexer.c).
 */
#include "dlang/source.h"
#include "common/vec.h"
#include "common/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* ------------------------------------------------------------------ */
/* Shell-like word splitting.                                           */

struct word {
  struct d_buf b;
  int started;                  /* '' makes an empty word */
};

static void
word_putc (struct word *w, char c)
{
  d_buf_putc (&w->b, c);
  w->started = 1;
}

/* The list of words so far: always NULL-terminated. */
struct words {
  char **v;
  size_t n, cap;
};

static void
words_push (struct words *ws, struct word *w)
{
  if (!w->started)
    return;
  VEC_PUSH (ws->v, ws->n, ws->cap) = w->b.s ? w->b.s : xstrdup ("");
  VEC_GROW (ws->v, ws->n, ws->cap);
  ws->v[ws->n] = NULL;
  memset (w, 0, sizeof *w);
}

void
d_words_free (char **words)
{
  size_t i;

  if (!words)
    return;
  for (i = 0; words[i]; i++)
    free (words[i]);
  free (words);
}

int
d_split_words (const char *s, char ***out)
{
  struct words ws = { 0 };
  struct word w = { 0 };

  VEC_GROW (ws.v, ws.n, ws.cap);
  ws.v[0] = NULL;

  for (; *s; s++)
    {
      char c = *s;

      if (c == ' ' || c == '\t' || c == '\n')
        {
          words_push (&ws, &w);
          continue;
        }
      if (c == '\\')
        {
          if (s[1] == '\0')
            {
              word_putc (&w, '\\');
              continue;
            }
          s++;
          if (*s != '\n')       /* backslash-newline disappears */
            word_putc (&w, *s);
          continue;
        }
      if (c == '\'')
        {
          w.started = 1;
          for (s++; *s && *s != '\''; s++)
            word_putc (&w, *s);
          if (!*s)
            goto unterminated;
          continue;
        }
      if (c == '"')
        {
          w.started = 1;
          for (s++; *s && *s != '"'; s++)
            {
              if (*s == '\\' && s[1] && strchr ("\\\"$`\n", s[1]))
                {
                  s++;
                  if (*s != '\n')
                    word_putc (&w, *s);
                  continue;
                }
              word_putc (&w, *s);
            }
          if (!*s)
            goto unterminated;
          continue;
        }
      word_putc (&w, c);
    }
  words_push (&ws, &w);
  *out = ws.v;
  return (int) ws.n;

 unterminated:
  free (w.b.s);
  d_words_free (ws.v);
  *out = NULL;
  return -1;
}

/* ------------------------------------------------------------------ */
/* Running cpp.                                                         */

static int
blank_string (const char *s)
{
  for (; s && *s; s++)
    if (*s != ' ' && *s != '\t' && *s != '\n')
      return 0;
  return 1;
}

/* Move FD above 2 so that dup2 onto stdout never meets itself. */
static int
high_fd (int fd)
{
  int nfd;

  if (fd > 2)
    return fd;
  nfd = fcntl (fd, F_DUPFD_CLOEXEC, 3);
  close (fd);
  return nfd;
}

/* The command words: $CPP, else $CC plus "-E", else "cpp" (*NWORDS set;
 * NULL-terminated, d_words_free).  NULL after reporting a bad quote. */
static char **
command_words (const char *path, int *nwords)
{
  const char *cppv = getenv ("CPP"), *ccv = getenv ("CC"), *var = NULL, *val = NULL;
  char **words;
  int n;

  if (!blank_string (cppv))
    var = "CPP", val = cppv;
  else if (!blank_string (ccv))
    var = "CC", val = ccv;
  if (!var)
    {
      words = xcalloc (3, sizeof *words);
      words[0] = xstrdup ("cpp");
      *nwords = 1;
      return words;
    }
  n = d_split_words (val, &words);
  if (n < 0)
    {
      diag_error ("failed to preprocess %s: unterminated quote in $%s (\"%s\")", path, var, val);
      return NULL;
    }
  if (val == ccv)
    {
      words = xrealloc (words, ((size_t) n + 2) * sizeof *words);
      words[n++] = xstrdup ("-E");
      words[n] = NULL;
    }
  *nwords = n;
  return words;
}

/* Spawn ARGV with its stdout on a pipe: the read end, or -1 after
 * reporting. */
static int
spawn_to_pipe (const char *path, char **argv, pid_t *pid)
{
  posix_spawn_file_actions_t fa;
  int fds[2], err;

  if (pipe2 (fds, O_CLOEXEC) < 0)
    {
      diag_error ("failed to preprocess %s: pipe: %s", path, strerror (errno));
      return -1;
    }
  fds[0] = high_fd (fds[0]);
  fds[1] = high_fd (fds[1]);
  if (fds[0] < 0 || fds[1] < 0)
    {
      diag_error ("failed to preprocess %s: %s", path, strerror (errno));
      if (fds[0] >= 0)
        close (fds[0]);
      if (fds[1] >= 0)
        close (fds[1]);
      return -1;
    }
  posix_spawn_file_actions_init (&fa);
  posix_spawn_file_actions_addopen (&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2 (&fa, fds[1], 1);
  err = posix_spawnp (pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy (&fa);
  close (fds[1]);
  if (err != 0)
    {
      diag_error ("failed to preprocess %s: cannot run %s: %s", path,
                  argv[0][0] ? argv[0] : "\"\"", strerror (err));
      close (fds[0]);
      return -1;
    }
  return fds[0];
}

/* Read cpp's output from FD (closed here), then reap PID.  0, or -1 after
 * reporting what went wrong; output past D_MAX_SOURCE_SIZE is refused
 * (cpp then dies of SIGPIPE, which is not what is reported). */
static int
collect_output (const char *path, const char *cmd, int fd, pid_t pid, struct d_buf *out)
{
  int read_err = d_read_fd (fd, D_MAX_SOURCE_SIZE, out) < 0 ? errno : 0, status;

  close (fd);
  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      {
        diag_error ("failed to preprocess %s: waitpid: %s", path, strerror (errno));
        return -1;
      }
  if (read_err == EFBIG)
    diag_error ("failed to preprocess %s: the output of %s is larger than %zu MiB, "
                "the limit for a D source", path, cmd, D_MAX_SOURCE_SIZE >> 20);
  else if (WIFSIGNALED (status))
    diag_error ("failed to preprocess %s: %s was killed by signal %d (%s)", path,
                cmd, WTERMSIG (status), strsignal (WTERMSIG (status)));
  else if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    diag_error ("failed to preprocess %s: %s exited with status %d", path,
                cmd, WIFEXITED (status) ? WEXITSTATUS (status) : -1);
  else if (read_err)
    diag_error ("failed to preprocess %s: reading the output of %s: %s", path,
                cmd, strerror (read_err));
  else
    return 0;
  return -1;
}

char *
d_preprocess (const char *path, const struct d_cpp_options *cpp, size_t *len)
{
  struct d_buf out = { 0 };
  char **words, **argv, *file_arg;
  size_t nargv = 0, i;
  int nwords, fd, r = -1;
  pid_t pid;

  *len = 0;
  const char *name = cpp && cpp->display ? cpp->display : path;
  words = command_words (name, &nwords);
  if (!words)
    return NULL;
  argv = xcalloc ((size_t) nwords + 8 + (cpp ? cpp->nargs : 0), sizeof *argv);
  for (i = 0; i < (size_t) nwords; i++)
    argv[nargv++] = words[i];
  argv[nargv++] = "-x";
  argv[nargv++] = "c";
  argv[nargv++] = "-D__SDTKIT_D=1";
  argv[nargv++] = "-D__SUNW_D=1";
  for (i = 0; cpp && i < cpp->nargs; i++)
    argv[nargv++] = cpp->args[i];
  /* A file name starting with '-' would be taken for an option. */
  file_arg = path[0] == '-' ? xasprintf ("./%s", path) : xstrdup (path);
  argv[nargv++] = file_arg;
  argv[nargv] = NULL;

  fd = spawn_to_pipe (name, argv, &pid);
  if (fd >= 0)
    r = collect_output (name, argv[0], fd, pid, &out);
  free (file_arg);
  free (argv);
  d_words_free (words);
  if (r < 0)
    {
      free (out.s);
      return NULL;
    }
  *len = out.len;
  return out.s;
}
