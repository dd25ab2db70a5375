/* SPDX-License-Identifier: MIT */
/*
 * proto_text.c — memcached's text protocol.
 *
 * A request is one line of space-separated tokens ending in "\n" (normally
 * "\r\n"); storage commands are followed by a data block of the announced
 * length plus "\r\n".  Commands: get, gets, gat, gats, set, add, replace,
 * append, prepend, cas, incr, decr, delete, touch, flush_all, stats
 * [settings | items | slabs | reset | cachedump CLASS LIMIT], version,
 * verbosity, quit.  Replies and error strings are memcached's, byte for byte
 * (checked against memcached 1.6.18, quirks included: flags, expiry times and
 * lengths keep the low 32 bits of a 64-bit number, as there):
 *   ERROR                     unknown command, or wrong number of tokens
 *   CLIENT_ERROR <why>        a malformed request
 *   SERVER_ERROR <why>        the server could not do it (memory, size)
 * A trailing "noreply" token suppresses the normal reply of set, add,
 * replace, append, prepend, cas, incr, decr, delete, touch, flush_all and
 * verbosity; errors are always sent.
 *
 * Every line fires process-command-start (the line) and, once its reply is
 * queued (for storage commands: after the data block), process-command-end.
 */
#include "conn.h"
#include "trace.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_LINE_MAX 2048              /* longest line, but for the get family */
#define TEXT_GET_LINE_MAX (2u << 20)    /* get/gets/gat/gats with many keys */
#define MAX_TOKENS 8                    /* more than any non-get command takes */

struct token
{
  const char *p;
  size_t len;
};

/* ---------------------------------------------------------------- helpers */

static bool
tok_is (const struct token *t, const char *s)
{
  return t->len == strlen (s) && memcmp (t->p, s, t->len) == 0;
}

/* Splits LINE at spaces into at most MAX tokens; returns how many there are
   (MAX + 1 when there are more). */
static size_t
tokenize (const char *line, size_t len, struct token *tok, size_t max)
{
  size_t n = 0, i = 0;
  while (i < len)
    {
      while (i < len && line[i] == ' ')
        i++;
      if (i == len)
        break;
      size_t s = i;
      while (i < len && line[i] != ' ')
        i++;
      if (n == max)
        return max + 1;
      tok[n].p = line + s;
      tok[n].len = i - s;
      n++;
    }
  return n;
}

static bool
parse_u64 (const struct token *t, uint64_t *out)
{
  if (t->len == 0 || t->len > 20)
    return false;
  uint64_t v = 0;
  for (size_t i = 0; i < t->len; i++)
    {
      if (t->p[i] < '0' || t->p[i] > '9')
        return false;
      unsigned d = (unsigned) (t->p[i] - '0');
      if (v > (UINT64_MAX - d) / 10)
        return false;
      v = v * 10 + d;
    }
  *out = v;
  return true;
}

/* A signed decimal that fits in 64 bits. */
static bool
parse_i64 (const struct token *t, int64_t *out)
{
  struct token digits = *t;
  bool neg = false;
  if (digits.len > 0 && (digits.p[0] == '-' || digits.p[0] == '+'))
    {
      neg = digits.p[0] == '-';
      digits.p++;
      digits.len--;
    }
  uint64_t v;
  if (!parse_u64 (&digits, &v) || v > (neg ? (uint64_t) INT64_MAX + 1 : (uint64_t) INT64_MAX))
    return false;
  *out = neg ? (int64_t) (0 - v) : (int64_t) v;
  return true;
}

/* memcached reads flags, expiry times and lengths as 64-bit numbers and
   keeps their low 32 bits: 4294967296 as flags is 0, an expiry time of
   9999999999 is a date in 2014.  So does this server. */
static bool
parse_flags (const struct token *t, uint32_t *out)
{
  uint64_t v;
  if (!parse_u64 (t, &v))
    return false;
  *out = (uint32_t) v;
  return true;
}

static bool
parse_i32 (const struct token *t, int32_t *out)
{
  int64_t v;
  if (!parse_i64 (t, &v))
    return false;
  *out = (int32_t) (uint32_t) v;
  return true;
}

/* A reply line (suppressed by noreply). */
void
out_string (conn *c, const char *str)
{
  if (c->noreply)
    return;
  if (verbosity () > 1)
    fprintf (stderr, ">%d %s\n", c->sfd, str);
  out_printf (c, "%s\r\n", str);
}

/* An error line: sent even with noreply. */
static void
out_error (conn *c, const char *str)
{
  c->noreply = false;
  out_string (c, str);
}

/* The last token says noreply: remember it and drop it. */
static size_t
strip_noreply (conn *c, const struct token *tok, size_t ntok)
{
  if (ntok > 1 && tok_is (&tok[ntok - 1], "noreply"))
    {
      c->noreply = true;
      return ntok - 1;
    }
  return ntok;
}

/* ---------------------------------------------------------------- retrieval */

static void
process_get (conn *c, const char *line, size_t len, bool with_cas, bool touch)
{
  struct token t;
  const char *p = line, *end = line + len;
  size_t nth = 0;
  rel_time_t exptime = 0;
  bool any = false;

  for (;;)
    {
      while (p < end && *p == ' ')
        p++;
      if (p == end)
        break;
      t.p = p;
      while (p < end && *p != ' ')
        p++;
      t.len = (size_t) (p - t.p);
      if (nth++ == 0)
        continue;                   /* the command name */
      if (touch && nth == 2)
        {
          int32_t e;
          if (!parse_i32 (&t, &e))
            {
              out_error (c, "CLIENT_ERROR invalid exptime argument");
              return;
            }
          exptime = realtime (e);
          continue;
        }
      if (t.len > KEY_MAX_LENGTH)
        {
          out_rollback (c);
          out_error (c, "CLIENT_ERROR bad command line format");
          return;
        }
      any = true;
      item *it;
      if (touch)
        {
          STATS_INCR (cmd_touch);
          it = item_touch (t.p, t.len, exptime);
        }
      else
        it = item_get (t.p, t.len);
      STATS_INCR (cmd_get);
      if (it == NULL)
        {
          STATS_INCR (get_misses);
          if (touch)
            {
              STATS_INCR (touch_misses);
              MEMCACHED_COMMAND_TOUCH (c->sfd, t.p, (int) t.len, -1, (int64_t) 0);
            }
          else
            {
              MEMCACHED_COMMAND_GET (c->sfd, t.p, (int) t.len, -1, (int64_t) 0);
            }
          continue;
        }
      STATS_INCR (get_hits);
      if (touch)
        {
          STATS_INCR (touch_hits);
          MEMCACHED_COMMAND_TOUCH (c->sfd, ITEM_key (it), (int) it->nkey, (int) it->nbytes,
                                   (int64_t) it->cas);
        }
      else
        {
          MEMCACHED_COMMAND_GET (c->sfd, ITEM_key (it), (int) it->nkey, (int) it->nbytes,
                                 (int64_t) it->cas);
        }
      if (with_cas)
        out_printf (c, "VALUE %s %" PRIu32 " %" PRIu32 " %" PRIu64 "\r\n",
                    ITEM_key (it), it->flags, it->nbytes - 2, it->cas);
      else
        out_printf (c, "VALUE %s %" PRIu32 " %" PRIu32 "\r\n",
                    ITEM_key (it), it->flags, it->nbytes - 2);
      out_item (c, it, ITEM_data (it), it->nbytes);
    }
  if (!any && !(touch && nth >= 2))
    {
      out_error (c, "ERROR");       /* no key (gat with an expiry and no key is fine) */
      return;
    }
  out_string (c, "END");
}

/* ---------------------------------------------------------------- storage */

static void
process_update (conn *c, const struct token *tok, size_t ntok, enum store_cmd cmd)
{
  size_t want = cmd == NREAD_CAS ? 6 : 5;
  ntok = strip_noreply (c, tok, ntok);
  if (ntok != want && !(ntok == want + 1 && !c->noreply))
    {
      out_error (c, "ERROR");
      return;
    }
  uint32_t flags;
  int32_t exptime, vlen;
  uint64_t req_cas = 0;
  if (tok[1].len > KEY_MAX_LENGTH
      || !parse_flags (&tok[2], &flags) || !parse_i32 (&tok[3], &exptime)
      || !parse_i32 (&tok[4], &vlen) || vlen < 0
      || (cmd == NREAD_CAS && !parse_u64 (&tok[5], &req_cas)))
    {
      out_error (c, "CLIENT_ERROR bad command line format");
      return;
    }
  STATS_INCR (cmd_set);
  enum alloc_error err;
  item *it = item_alloc (tok[1].p, tok[1].len, flags, realtime (exptime),
                         (size_t) vlen + 2, &err);
  if (it == NULL)
    {
      out_error (c, err == ALLOC_TOO_LARGE ? "SERVER_ERROR object too large for cache"
                                           : "SERVER_ERROR out of memory storing object");
      c->sbytes = (size_t) vlen + 2;
      c->state = conn_swallow;
      /* A failed set must not leave the old value readable. */
      if (cmd == NREAD_SET)
        item_unlink_key (tok[1].p, tok[1].len);
      return;
    }
  c->item = it;
  c->ritem = ITEM_data (it);
  c->rlbytes = (size_t) vlen + 2;
  c->store_cmd = cmd;
  c->req_cas = req_cas;
  c->state = conn_nread;
}

void
store_probe (conn *c, item *it, enum store_cmd cmd, int size, uint64_t cas)
{
  const char *key = ITEM_key (it);
  int nkey = (int) it->nkey;
  switch (cmd)
    {
    case NREAD_SET:
      MEMCACHED_COMMAND_SET (c->sfd, key, nkey, size, (int64_t) cas);
      break;
    case NREAD_ADD:
      MEMCACHED_COMMAND_ADD (c->sfd, key, nkey, size, (int64_t) cas);
      break;
    case NREAD_REPLACE:
      MEMCACHED_COMMAND_REPLACE (c->sfd, key, nkey, size, (int64_t) cas);
      break;
    case NREAD_APPEND:
      MEMCACHED_COMMAND_APPEND (c->sfd, key, nkey, size, (int64_t) cas);
      break;
    case NREAD_PREPEND:
      MEMCACHED_COMMAND_PREPEND (c->sfd, key, nkey, size, (int64_t) cas);
      break;
    case NREAD_CAS:
      MEMCACHED_COMMAND_CAS (c->sfd, key, nkey, size, (int64_t) c->req_cas);
      break;
    }
  (void) c;                         /* the arguments are for the probes only */
  (void) key;
  (void) nkey;
  (void) size;
  (void) cas;
}

void
text_complete_nread (conn *c)
{
  item *it = c->item;
  c->item = NULL;
  if (memcmp (ITEM_data (it) + it->nbytes - 2, "\r\n", 2) != 0)
    {
      store_probe (c, it, c->store_cmd, -1, 0);
      out_error (c, "CLIENT_ERROR bad data chunk");
    }
  else
    {
      uint64_t cas;
      int size;
      enum store_result r = store_item (it, c->store_cmd, c->req_cas, &cas, &size);
      store_probe (c, it, c->store_cmd, size, cas);
      static const char *const replies[] = {
        [STORED] = "STORED", [NOT_STORED] = "NOT_STORED",
        [EXISTS] = "EXISTS", [NOT_FOUND] = "NOT_FOUND",
      };
      out_string (c, replies[r]);
    }
  item_remove (it);
  cmd_end (c);
  c->noreply = false;
}

/* ---------------------------------------------------------------- the rest */

static void
process_arithmetic (conn *c, const struct token *tok, size_t ntok, bool incr)
{
  ntok = strip_noreply (c, tok, ntok);
  if (ntok != 3 && !(ntok == 4 && !c->noreply))
    {
      out_error (c, "ERROR");
      return;
    }
  if (tok[1].len > KEY_MAX_LENGTH)
    {
      out_error (c, "CLIENT_ERROR bad command line format");
      return;
    }
  uint64_t delta, value, cas;
  if (!parse_u64 (&tok[2], &delta))
    {
      out_error (c, "CLIENT_ERROR invalid numeric delta argument");
      return;
    }
  switch (add_delta (tok[1].p, tok[1].len, incr, delta, 0, false, 0, 0, &value, &cas))
    {
    case DELTA_OK:
      {
        char buf[24];
        if (incr)
          {
            STATS_INCR (incr_hits);
            MEMCACHED_COMMAND_INCR (c->sfd, tok[1].p, (int) tok[1].len, (int64_t) value);
          }
        else
          {
            STATS_INCR (decr_hits);
            MEMCACHED_COMMAND_DECR (c->sfd, tok[1].p, (int) tok[1].len, (int64_t) value);
          }
        snprintf (buf, sizeof buf, "%" PRIu64, value);
        out_string (c, buf);
        break;
      }
    case DELTA_NON_NUMERIC:
      out_error (c, "CLIENT_ERROR cannot increment or decrement non-numeric value");
      break;
    case DELTA_NO_MEMORY:
      out_error (c, "SERVER_ERROR out of memory");
      break;
    case DELTA_NOT_FOUND:
    case DELTA_EXISTS:
      if (incr)
        STATS_INCR (incr_misses);
      else
        STATS_INCR (decr_misses);
      out_string (c, "NOT_FOUND");
      break;
    }
}

static void
process_delete (conn *c, const struct token *tok, size_t ntok)
{
  if (ntok < 2 || ntok > 4)
    {
      out_error (c, "ERROR");
      return;
    }
  if (ntok > 2)
    {
      bool zero = tok_is (&tok[2], "0");
      bool noreply = tok_is (&tok[ntok - 1], "noreply");
      if (!((ntok == 3 && (zero || noreply)) || (ntok == 4 && zero && noreply)))
        {
          out_error (c, "CLIENT_ERROR bad command line format.  Usage: delete <key> [noreply]");
          return;
        }
      c->noreply = noreply;
    }
  if (tok[1].len > KEY_MAX_LENGTH)
    {
      out_error (c, "CLIENT_ERROR bad command line format");
      return;
    }
  if (item_delete (tok[1].p, tok[1].len, 0) == STORED)
    {
      STATS_INCR (delete_hits);
      MEMCACHED_COMMAND_DELETE (c->sfd, tok[1].p, (int) tok[1].len);
      out_string (c, "DELETED");
    }
  else
    {
      STATS_INCR (delete_misses);
      out_string (c, "NOT_FOUND");
    }
}

static void
process_touch (conn *c, const struct token *tok, size_t ntok)
{
  ntok = strip_noreply (c, tok, ntok);
  if (ntok != 3 && !(ntok == 4 && !c->noreply))
    {
      out_error (c, "ERROR");
      return;
    }
  if (tok[1].len > KEY_MAX_LENGTH)
    {
      out_error (c, "CLIENT_ERROR bad command line format");
      return;
    }
  int32_t exptime;
  if (!parse_i32 (&tok[2], &exptime))
    {
      out_error (c, "CLIENT_ERROR invalid exptime argument");
      return;
    }
  STATS_INCR (cmd_touch);
  item *it = item_touch (tok[1].p, tok[1].len, realtime (exptime));
  if (it == NULL)
    {
      STATS_INCR (touch_misses);
      MEMCACHED_COMMAND_TOUCH (c->sfd, tok[1].p, (int) tok[1].len, -1, (int64_t) 0);
      out_string (c, "NOT_FOUND");
      return;
    }
  STATS_INCR (touch_hits);
  MEMCACHED_COMMAND_TOUCH (c->sfd, ITEM_key (it), (int) it->nkey, (int) it->nbytes,
                           (int64_t) it->cas);
  item_remove (it);
  out_string (c, "TOUCHED");
}

static void
process_flush_all (conn *c, const struct token *tok, size_t ntok)
{
  ntok = strip_noreply (c, tok, ntok);
  if (ntok > 2)
    {
      out_error (c, "ERROR");
      return;
    }
  int32_t delay = 0;
  if (ntok == 2 && !parse_i32 (&tok[1], &delay))
    {
      out_error (c, "CLIENT_ERROR invalid exptime argument");
      return;
    }
  STATS_INCR (cmd_flush);
  items_flush (delay > 0 ? realtime (delay) : 0);
  out_string (c, "OK");
}

static void
process_verbosity (conn *c, const struct token *tok, size_t ntok)
{
  if (ntok < 2 || ntok > 3)
    {
      out_error (c, "ERROR");
      return;
    }
  strip_noreply (c, tok, ntok);
  /* Lenient, as memcached: a non-number is level 0. */
  unsigned long level = strtoul (tok[1].p, NULL, 10);
  set_verbosity (level > 2 ? 2 : (int) level);
  out_string (c, "OK");
}

static void
stat_line (void *ctx, const char *key, const char *val)
{
  out_printf (ctx, "STAT %s %s\r\n", key, val);
}

static void
dump_line (void *ctx, const char *text)
{
  out_printf (ctx, "%s\r\n", text);
}

static void
process_stats (conn *c, const struct token *tok, size_t ntok)
{
  if (ntok == 4 && tok_is (&tok[1], "cachedump"))
    {
      uint32_t id, limit;
      if (!parse_flags (&tok[2], &id) || !parse_flags (&tok[3], &limit))
        {
          out_error (c, "CLIENT_ERROR bad command line format");
          return;
        }
      items_cachedump (id, limit, dump_line, c);
      out_string (c, "END");
      return;
    }
  if (ntok > 2)
    {
      out_error (c, "ERROR");
      return;
    }
  const char *group = ntok == 2 ? tok[1].p : "";
  size_t glen = ntok == 2 ? tok[1].len : 0;
  if (!stats_emit (group, glen, stat_line, c))
    {
      out_error (c, "ERROR");
      return;
    }
  out_string (c, ntok == 2 && tok_is (&tok[1], "reset") ? "RESET" : "END");
}

static void
process_command (conn *c, const char *line, size_t len)
{
  struct token tok[MAX_TOKENS];
  size_t ntok = tokenize (line, len, tok, MAX_TOKENS);
  c->noreply = false;
  if (verbosity () > 1)
    fprintf (stderr, "<%d %.*s\n", c->sfd, (int) len, line);
  if (ntok == 0)
    {
      out_error (c, "ERROR");
      return;
    }
  const struct token *cmd = &tok[0];
  if (tok_is (cmd, "get"))
    process_get (c, line, len, false, false);
  else if (tok_is (cmd, "gets"))
    process_get (c, line, len, true, false);
  else if (tok_is (cmd, "gat"))
    process_get (c, line, len, false, true);
  else if (tok_is (cmd, "gats"))
    process_get (c, line, len, true, true);
  else if (ntok > MAX_TOKENS)
    out_error (c, "ERROR");
  else if (tok_is (cmd, "set"))
    process_update (c, tok, ntok, NREAD_SET);
  else if (tok_is (cmd, "add"))
    process_update (c, tok, ntok, NREAD_ADD);
  else if (tok_is (cmd, "replace"))
    process_update (c, tok, ntok, NREAD_REPLACE);
  else if (tok_is (cmd, "append"))
    process_update (c, tok, ntok, NREAD_APPEND);
  else if (tok_is (cmd, "prepend"))
    process_update (c, tok, ntok, NREAD_PREPEND);
  else if (tok_is (cmd, "cas"))
    process_update (c, tok, ntok, NREAD_CAS);
  else if (tok_is (cmd, "incr"))
    process_arithmetic (c, tok, ntok, true);
  else if (tok_is (cmd, "decr"))
    process_arithmetic (c, tok, ntok, false);
  else if (tok_is (cmd, "delete"))
    process_delete (c, tok, ntok);
  else if (tok_is (cmd, "touch"))
    process_touch (c, tok, ntok);
  else if (tok_is (cmd, "flush_all"))
    process_flush_all (c, tok, ntok);
  else if (tok_is (cmd, "stats"))
    process_stats (c, tok, ntok);
  else if (tok_is (cmd, "version"))
    out_string (c, "VERSION " PACKAGE_VERSION);
  else if (tok_is (cmd, "verbosity"))
    process_verbosity (c, tok, ntok);
  else if (tok_is (cmd, "quit"))
    c->state = conn_closing;
  else if (tok_is (cmd, "shutdown"))
    out_error (c, "ERROR: shutdown not enabled");
  else
    out_error (c, "ERROR");
}

static bool
is_get_family (const char *p, size_t n)
{
  return (n >= 4 && (memcmp (p, "get ", 4) == 0 || memcmp (p, "gat ", 4) == 0))
         || (n >= 5 && (memcmp (p, "gets ", 5) == 0 || memcmp (p, "gats ", 5) == 0));
}

bool
text_parse (conn *c)
{
  const char *start = c->rbuf + c->rstart;
  size_t avail = c->rend - c->rstart;
  const char *nl = memchr (start, '\n', avail);
  if (nl == NULL)
    {
      size_t limit = is_get_family (start, avail) ? TEXT_GET_LINE_MAX : TEXT_LINE_MAX;
      if (avail <= limit)
        return false;               /* wait for the rest of the line */
      cmd_start (c, start, avail);
      c->rstart = c->rend;
      out_error (c, "CLIENT_ERROR line too long");
      cmd_end (c);
      c->state = conn_closing;
      return true;
    }
  size_t linelen = (size_t) (nl - start) + 1;
  size_t len = linelen - 1;
  if (len > 0 && start[len - 1] == '\r')
    len--;
  c->rstart += linelen;
  cmd_start (c, start, linelen);
  process_command (c, start, len);
  if (c->state != conn_nread)
    {
      cmd_end (c);
      c->noreply = false;
    }
  return true;
}
