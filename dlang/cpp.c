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
#include "dlang/d-internal.h"
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
  char *s;
  size_t len, cap;
  int started;                  /* '' makes an empty word */
};

static void
word_putc (struct word *w, char c)
{
  if (w->len + 2 > w->cap)
    {
      w->cap = w->cap ? w->cap * 2 : 32;
      w->s = xrealloc (w->s, w->cap);
    }
  w->s[w->len++] = c;
  w->s[w->len] = '\0';
  w->started = 1;
}

static void
words_push (char ***words, size_t *n, struct word *w)
{
  if (!w->started)
    return;
  *words = xrealloc (*words, (*n + 2) * sizeof **words);
  (*words)[(*n)++] = w->s ? w->s : xstrdup ("");
  (*words)[*n] = NULL;
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
  char **words = xcalloc (1, sizeof *words);
  size_t n = 0;
  struct word w = { 0 };

  for (; *s; s++)
    {
      char c = *s;

      if (c == ' ' || c == '\t' || c == '\n')
        {
          words_push (&words, &n, &w);
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
  words_push (&words, &n, &w);
  *out = words;
  return (int) n;

 unterminated:
  free (w.s);
  d_words_free (words);
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

char *
d_preprocess (const char *path, const struct d_cpp_options *cpp, size_t *len)
{
  const char *cppv = getenv ("CPP"), *ccv = getenv ("CC"), *var = NULL, *val = NULL;
  char **words = NULL, **argv = NULL, *out = NULL, *file_arg = NULL;
  size_t nargv = 0, i, n = 0, cap = 0;
  int nwords, fds[2] = { -1, -1 }, status, err, read_err = 0, use_cc = 0;
  posix_spawn_file_actions_t fa;
  pid_t pid;

  *len = 0;
  if (!blank_string (cppv))
    var = "CPP", val = cppv;
  else if (!blank_string (ccv))
    var = "CC", val = ccv, use_cc = 1;
  if (var)
    {
      nwords = d_split_words (val, &words);
      if (nwords < 0)
        {
          diag_error ("failed to preprocess %s: unterminated quote in $%s (\"%s\")", path, var, val);
          return NULL;
        }
    }
  else
    {
      words = xcalloc (2, sizeof *words);
      words[0] = xstrdup ("cpp");
      nwords = 1;
    }

  argv = xcalloc ((size_t) nwords + 8 + (cpp ? cpp->nargs : 0), sizeof *argv);
  for (i = 0; i < (size_t) nwords; i++)
    argv[nargv++] = words[i];
  if (use_cc)
    argv[nargv++] = "-E";
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

  if (pipe2 (fds, O_CLOEXEC) < 0)
    {
      diag_error ("failed to preprocess %s: pipe: %s", path, strerror (errno));
      goto fail;
    }
  fds[0] = high_fd (fds[0]);
  fds[1] = high_fd (fds[1]);
  if (fds[0] < 0 || fds[1] < 0)
    {
      diag_error ("failed to preprocess %s: %s", path, strerror (errno));
      goto fail;
    }

  posix_spawn_file_actions_init (&fa);
  posix_spawn_file_actions_addopen (&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2 (&fa, fds[1], 1);
  err = posix_spawnp (&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy (&fa);
  close (fds[1]);
  fds[1] = -1;
  if (err != 0)
    {
      diag_error ("failed to preprocess %s: cannot run %s: %s", path,
                  argv[0][0] ? argv[0] : "\"\"", strerror (err));
      goto fail;
    }

  for (;;)
    {
      ssize_t r;

      if (n + 1 >= cap)
        {
          cap = cap ? cap * 2 : 65536;
          out = xrealloc (out, cap);
        }
      r = read (fds[0], out + n, cap - n - 1);
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0)
        read_err = errno;
      if (r <= 0)
        break;
      n += (size_t) r;
    }
  close (fds[0]);
  fds[0] = -1;

  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      {
        diag_error ("failed to preprocess %s: waitpid: %s", path, strerror (errno));
        goto fail;
      }
  if (WIFSIGNALED (status))
    {
      diag_error ("failed to preprocess %s: %s was killed by signal %d (%s)", path,
                  argv[0], WTERMSIG (status), strsignal (WTERMSIG (status)));
      goto fail;
    }
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      diag_error ("failed to preprocess %s: %s exited with status %d", path,
                  argv[0], WIFEXITED (status) ? WEXITSTATUS (status) : -1);
      goto fail;
    }
  if (read_err)
    {
      diag_error ("failed to preprocess %s: reading the output of %s: %s", path,
                  argv[0], strerror (read_err));
      goto fail;
    }

  out[n] = '\0';
  *len = n;
  free (file_arg);
  free (argv);
  d_words_free (words);
  return out;

 fail:
  if (fds[0] >= 0)
    close (fds[0]);
  if (fds[1] >= 0)
    close (fds[1]);
  free (out);
  free (file_arg);
  free (argv);
  d_words_free (words);
  return NULL;
}
