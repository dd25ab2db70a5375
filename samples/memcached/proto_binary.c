/* SPDX-License-Identifier: MIT */
/*
 * proto_binary.c — memcached's binary protocol.
 *
 * Every packet starts with a 24-byte header (all integers big-endian):
 *
 *   0 magic (0x80 request, 0x81 response)   1 opcode   2-3 key length
 *   4 extras length   5 data type (0)   6-7 vbucket (request) / status
 *   8-11 total body length   12-15 opaque (echoed)   16-23 cas
 *
 * followed by the extras, the key and the value.  The "quiet" opcodes (GETQ,
 * GETKQ, SETQ, ADDQ, REPLACEQ, DELETEQ, INCREMENTQ, DECREMENTQ, QUITQ,
 * FLUSHQ, APPENDQ, PREPENDQ, GATQ, GATKQ) send nothing on success (the gets:
 * nothing on a miss); their errors are sent.  Responses carry the status
 * codes and error texts memcached sends.  A request with the wrong extras,
 * key or body length gets "Invalid arguments" and the connection is closed,
 * as memcached does; an unknown opcode gets "Unknown command" and its body is
 * skipped.  A non-request magic closes the connection.
 *
 * process-command-start sees the header, extras and key; a value is read
 * straight into its item afterwards.
 */
#include "conn.h"
#include "trace.h"

#include <stdio.h>
#include <string.h>

#define BIN_HEADER_LEN 24

enum bin_opcode
{
  CMD_GET = 0x00, CMD_SET = 0x01, CMD_ADD = 0x02, CMD_REPLACE = 0x03,
  CMD_DELETE = 0x04, CMD_INCREMENT = 0x05, CMD_DECREMENT = 0x06, CMD_QUIT = 0x07,
  CMD_FLUSH = 0x08, CMD_GETQ = 0x09, CMD_NOOP = 0x0a, CMD_VERSION = 0x0b,
  CMD_GETK = 0x0c, CMD_GETKQ = 0x0d, CMD_APPEND = 0x0e, CMD_PREPEND = 0x0f,
  CMD_STAT = 0x10, CMD_SETQ = 0x11, CMD_ADDQ = 0x12, CMD_REPLACEQ = 0x13,
  CMD_DELETEQ = 0x14, CMD_INCREMENTQ = 0x15, CMD_DECREMENTQ = 0x16, CMD_QUITQ = 0x17,
  CMD_FLUSHQ = 0x18, CMD_APPENDQ = 0x19, CMD_PREPENDQ = 0x1a, CMD_VERBOSITY = 0x1b,
  CMD_TOUCH = 0x1c, CMD_GAT = 0x1d, CMD_GATQ = 0x1e, CMD_GATK = 0x23, CMD_GATKQ = 0x24
};

enum bin_status
{
  ST_SUCCESS = 0x00, ST_KEY_ENOENT = 0x01, ST_KEY_EEXISTS = 0x02, ST_E2BIG = 0x03,
  ST_EINVAL = 0x04, ST_NOT_STORED = 0x05, ST_DELTA_BADVAL = 0x06,
  ST_UNKNOWN_COMMAND = 0x81, ST_ENOMEM = 0x82
};

/* ---------------------------------------------------------------- bytes */

static uint16_t
get16 (const unsigned char *p)
{
  return (uint16_t) (p[0] << 8 | p[1]);
}

static uint32_t
get32 (const unsigned char *p)
{
  return (uint32_t) p[0] << 24 | (uint32_t) p[1] << 16 | (uint32_t) p[2] << 8 | p[3];
}

static uint64_t
get64 (const unsigned char *p)
{
  return (uint64_t) get32 (p) << 32 | get32 (p + 4);
}

static void
put16 (unsigned char *p, uint16_t v)
{
  p[0] = (unsigned char) (v >> 8);
  p[1] = (unsigned char) v;
}

static void
put32 (unsigned char *p, uint32_t v)
{
  put16 (p, (uint16_t) (v >> 16));
  put16 (p + 2, (uint16_t) v);
}

static void
put64 (unsigned char *p, uint64_t v)
{
  put32 (p, (uint32_t) (v >> 32));
  put32 (p + 4, (uint32_t) v);
}

/* ---------------------------------------------------------------- responses */

static bool
is_quiet (uint8_t op)
{
  switch (op)
    {
    case CMD_GETQ: case CMD_GETKQ: case CMD_SETQ: case CMD_ADDQ: case CMD_REPLACEQ:
    case CMD_DELETEQ: case CMD_INCREMENTQ: case CMD_DECREMENTQ: case CMD_QUITQ:
    case CMD_FLUSHQ: case CMD_APPENDQ: case CMD_PREPENDQ: case CMD_GATQ: case CMD_GATKQ:
      return true;
    default:
      return false;
    }
}

static void
res_header (conn *c, uint16_t status, uint8_t extlen, uint16_t keylen, uint32_t bodylen,
            uint64_t cas)
{
  unsigned char h[BIN_HEADER_LEN];
  h[0] = 0x81;
  h[1] = c->bin.opcode;
  put16 (h + 2, keylen);
  h[4] = extlen;
  h[5] = 0;
  put16 (h + 6, status);
  put32 (h + 8, bodylen);
  put32 (h + 12, c->bin.opaque);
  put64 (h + 16, cas);
  out_copy (c, h, sizeof h);
}

static void
res_error (conn *c, uint16_t status)
{
  const char *msg;
  switch (status)
    {
    case ST_KEY_ENOENT: msg = "Not found"; break;
    case ST_KEY_EEXISTS: msg = "Data exists for key."; break;
    case ST_E2BIG: msg = "Too large."; break;
    case ST_EINVAL: msg = "Invalid arguments"; break;
    case ST_NOT_STORED: msg = "Not stored."; break;
    case ST_DELTA_BADVAL: msg = "Non-numeric server-side value for incr or decr"; break;
    case ST_ENOMEM: msg = "Out of memory"; break;
    default: msg = "Unknown command"; break;
    }
  if (verbosity () > 1)
    fprintf (stderr, ">%d Writing an error: %s\n", c->sfd, msg);
  size_t len = strlen (msg);
  res_header (c, status, 0, 0, (uint32_t) len, 0);
  out_copy (c, msg, len);
}

/* An empty success response, unless the opcode is quiet. */
static void
res_ok (conn *c, uint64_t cas)
{
  if (!is_quiet (c->bin.opcode))
    res_header (c, ST_SUCCESS, 0, 0, 0, cas);
}

/* ---------------------------------------------------------------- commands */

static void
bin_get (conn *c, const unsigned char *extras, const char *key, size_t nkey)
{
  uint8_t op = c->bin.opcode;
  bool with_key = op == CMD_GETK || op == CMD_GETKQ || op == CMD_GATK || op == CMD_GATKQ;
  bool touch = op == CMD_TOUCH || op == CMD_GAT || op == CMD_GATQ || op == CMD_GATK
               || op == CMD_GATKQ;
  item *it;
  if (touch)
    {
      STATS_INCR (cmd_touch);
      it = item_touch (key, nkey, realtime ((int64_t) get32 (extras)));
    }
  else
    it = item_get (key, nkey);
  if (op != CMD_TOUCH)
    STATS_INCR (cmd_get);

  if (it == NULL)
    {
      if (touch)
        {
          STATS_INCR (touch_misses);
          MEMCACHED_COMMAND_TOUCH (c->sfd, key, (int) nkey, -1, (int64_t) 0);
        }
      else
        {
          MEMCACHED_COMMAND_GET (c->sfd, key, (int) nkey, -1, (int64_t) 0);
        }
      if (op != CMD_TOUCH)
        STATS_INCR (get_misses);
      if (is_quiet (op))
        return;
      if (with_key)
        {
          res_header (c, ST_KEY_ENOENT, 0, (uint16_t) nkey, (uint32_t) nkey, 0);
          out_copy (c, key, nkey);
        }
      else
        res_error (c, ST_KEY_ENOENT);
      return;
    }

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
  if (op != CMD_TOUCH)
    STATS_INCR (get_hits);

  unsigned char flags[4];
  put32 (flags, it->flags);
  if (op == CMD_TOUCH)
    {
      /* TOUCH answers with the flags, not the value. */
      res_header (c, ST_SUCCESS, 4, 0, 4, it->cas);
      out_copy (c, flags, 4);
      item_remove (it);
      return;
    }
  uint16_t klen = with_key ? it->nkey : 0;
  uint32_t vlen = it->nbytes - 2;
  res_header (c, ST_SUCCESS, 4, klen, 4 + klen + vlen, it->cas);
  out_copy (c, flags, 4);
  if (with_key)
    out_copy (c, ITEM_key (it), it->nkey);
  out_item (c, it, ITEM_data (it), vlen);
}

static void
bin_update (conn *c, const unsigned char *extras, const char *key, size_t nkey, size_t vlen)
{
  uint8_t op = c->bin.opcode;
  enum store_cmd cmd;
  uint32_t flags = 0;
  int64_t exptime = 0;
  switch (op)
    {
    case CMD_SET: case CMD_SETQ: cmd = NREAD_SET; break;
    case CMD_ADD: case CMD_ADDQ: cmd = NREAD_ADD; break;
    case CMD_REPLACE: case CMD_REPLACEQ: cmd = NREAD_REPLACE; break;
    case CMD_APPEND: case CMD_APPENDQ: cmd = NREAD_APPEND; break;
    default: cmd = NREAD_PREPEND; break;
    }
  if (extras != NULL)
    {
      flags = get32 (extras);
      exptime = get32 (extras + 4);
      /* As memcached: a cas on set/add/replace makes it a compare-and-swap. */
      if (c->bin.cas != 0)
        cmd = NREAD_CAS;
    }
  STATS_INCR (cmd_set);
  enum alloc_error err;
  item *it = item_alloc (key, nkey, flags, realtime (exptime), vlen + 2, &err);
  if (it == NULL)
    {
      res_error (c, err == ALLOC_TOO_LARGE ? ST_E2BIG : ST_ENOMEM);
      c->sbytes = vlen;
      c->state = conn_swallow;
      if (cmd == NREAD_SET)
        item_unlink_key (key, nkey);
      return;
    }
  c->item = it;
  c->ritem = ITEM_data (it);
  c->rlbytes = vlen;
  c->store_cmd = cmd;
  c->req_cas = c->bin.cas;
  c->state = conn_nread;
}

void
bin_complete_nread (conn *c)
{
  item *it = c->item;
  c->item = NULL;
  memcpy (ITEM_data (it) + it->nbytes - 2, "\r\n", 2);
  uint64_t cas;
  int size;
  enum store_result r = store_item (it, c->store_cmd, c->req_cas, &cas, &size);
  store_probe (c, it, c->store_cmd, size, cas);
  switch (r)
    {
    case STORED:
      res_ok (c, cas);
      break;
    case EXISTS:
      res_error (c, ST_KEY_EEXISTS);
      break;
    case NOT_FOUND:
      res_error (c, ST_KEY_ENOENT);
      break;
    case NOT_STORED:
      if (c->store_cmd == NREAD_ADD)
        res_error (c, ST_KEY_EEXISTS);
      else if (c->store_cmd == NREAD_REPLACE)
        res_error (c, ST_KEY_ENOENT);
      else
        res_error (c, ST_NOT_STORED);
      break;
    }
  item_remove (it);
  cmd_end (c);
}

static void
bin_delete (conn *c, const char *key, size_t nkey)
{
  switch (item_delete (key, nkey, c->bin.cas))
    {
    case STORED:
      STATS_INCR (delete_hits);
      MEMCACHED_COMMAND_DELETE (c->sfd, key, (int) nkey);
      res_ok (c, 0);
      break;
    case EXISTS:
      res_error (c, ST_KEY_EEXISTS);
      break;
    default:
      STATS_INCR (delete_misses);
      res_error (c, ST_KEY_ENOENT);
      break;
    }
}

static void
bin_arithmetic (conn *c, const unsigned char *extras, const char *key, size_t nkey)
{
  bool incr = c->bin.opcode == CMD_INCREMENT || c->bin.opcode == CMD_INCREMENTQ;
  uint64_t delta = get64 (extras), initial = get64 (extras + 8);
  uint32_t exptime = get32 (extras + 16);
  uint64_t value, cas;
  /* An expiration of all ones means: do not create a missing counter. */
  switch (add_delta (key, nkey, incr, delta, c->bin.cas, exptime != 0xffffffffu, initial,
                     realtime (exptime), &value, &cas))
    {
    case DELTA_OK:
      if (incr)
        {
          STATS_INCR (incr_hits);
          MEMCACHED_COMMAND_INCR (c->sfd, key, (int) nkey, (int64_t) value);
        }
      else
        {
          STATS_INCR (decr_hits);
          MEMCACHED_COMMAND_DECR (c->sfd, key, (int) nkey, (int64_t) value);
        }
      if (!is_quiet (c->bin.opcode))
        {
          unsigned char v[8];
          put64 (v, value);
          res_header (c, ST_SUCCESS, 0, 0, 8, cas);
          out_copy (c, v, 8);
        }
      break;
    case DELTA_NOT_FOUND:
      if (incr)
        STATS_INCR (incr_misses);
      else
        STATS_INCR (decr_misses);
      res_error (c, ST_KEY_ENOENT);
      break;
    case DELTA_EXISTS:
      res_error (c, ST_KEY_EEXISTS);
      break;
    case DELTA_NON_NUMERIC:
      res_error (c, ST_DELTA_BADVAL);
      break;
    case DELTA_NO_MEMORY:
      res_error (c, ST_ENOMEM);
      break;
    }
}

static void
stat_packet (void *ctx, const char *key, const char *val)
{
  conn *c = ctx;
  size_t klen = strlen (key), vlen = strlen (val);
  res_header (c, ST_SUCCESS, 0, (uint16_t) klen, (uint32_t) (klen + vlen), 0);
  out_copy (c, key, klen);
  out_copy (c, val, vlen);
}

static void
bin_stat (conn *c, const char *key, size_t nkey)
{
  if (!stats_emit (key, nkey, stat_packet, c))
    {
      res_error (c, ST_KEY_ENOENT);
      return;
    }
  res_header (c, ST_SUCCESS, 0, 0, 0, 0);   /* the terminating packet */
}

/* ---------------------------------------------------------------- dispatch */

/* Checks the lengths OP allows; *KNOWN is false for an unknown opcode. */
static bool
valid_lengths (const struct bin_header *h, bool *known)
{
  uint32_t kx = (uint32_t) h->extlen + h->keylen;
  *known = true;
  switch (h->opcode)
    {
    case CMD_GET: case CMD_GETQ: case CMD_GETK: case CMD_GETKQ:
    case CMD_DELETE: case CMD_DELETEQ:
      return h->extlen == 0 && h->keylen > 0 && h->bodylen == kx;
    case CMD_SET: case CMD_SETQ: case CMD_ADD: case CMD_ADDQ:
    case CMD_REPLACE: case CMD_REPLACEQ:
      return h->extlen == 8 && h->keylen > 0 && h->bodylen >= kx;
    case CMD_APPEND: case CMD_APPENDQ: case CMD_PREPEND: case CMD_PREPENDQ:
      return h->extlen == 0 && h->keylen > 0 && h->bodylen >= kx;
    case CMD_INCREMENT: case CMD_INCREMENTQ: case CMD_DECREMENT: case CMD_DECREMENTQ:
      return h->extlen == 20 && h->keylen > 0 && h->bodylen == kx;
    case CMD_QUIT: case CMD_QUITQ: case CMD_NOOP: case CMD_VERSION:
      return h->extlen == 0 && h->keylen == 0 && h->bodylen == 0;
    case CMD_FLUSH: case CMD_FLUSHQ:
      return (h->extlen == 0 || h->extlen == 4) && h->keylen == 0 && h->bodylen == kx;
    case CMD_STAT:
      return h->extlen == 0 && h->bodylen == kx;
    case CMD_VERBOSITY:
      return h->extlen == 4 && h->keylen == 0 && h->bodylen == kx;
    case CMD_TOUCH: case CMD_GAT: case CMD_GATQ: case CMD_GATK: case CMD_GATKQ:
      return h->extlen == 4 && h->keylen > 0 && h->bodylen == kx;
    default:
      *known = false;
      return false;
    }
}

static bool
is_storage (uint8_t op)
{
  switch (op)
    {
    case CMD_SET: case CMD_SETQ: case CMD_ADD: case CMD_ADDQ: case CMD_REPLACE:
    case CMD_REPLACEQ: case CMD_APPEND: case CMD_APPENDQ: case CMD_PREPEND: case CMD_PREPENDQ:
      return true;
    default:
      return false;
    }
}

bool
bin_parse (conn *c)
{
  const unsigned char *p = (const unsigned char *) c->rbuf + c->rstart;
  size_t avail = c->rend - c->rstart;
  if (avail < BIN_HEADER_LEN)
    return false;

  struct bin_header h = {
    .magic = p[0], .opcode = p[1], .keylen = get16 (p + 2), .extlen = p[4],
    .datatype = p[5], .vbucket = get16 (p + 6), .bodylen = get32 (p + 8),
    .opaque = get32 (p + 12), .cas = get64 (p + 16),
  };
  if (h.magic != 0x80)
    {
      if (verbosity () > 0)
        fprintf (stderr, "%d: invalid binary magic 0x%02x, closing\n", c->sfd, h.magic);
      c->state = conn_closing;
      return true;
    }
  c->bin = h;

  bool known;
  if (!valid_lengths (&h, &known) || h.keylen > KEY_MAX_LENGTH)
    {
      cmd_start (c, (const char *) p, BIN_HEADER_LEN);
      c->rstart += BIN_HEADER_LEN;
      if (known)
        {
          res_error (c, ST_EINVAL);
          c->state = conn_closing;
        }
      else
        {
          res_error (c, ST_UNKNOWN_COMMAND);
          c->sbytes = h.bodylen;
          c->state = conn_swallow;
        }
      cmd_end (c);
      return true;
    }

  size_t need = BIN_HEADER_LEN + (size_t) h.extlen + h.keylen;
  if (avail < need)
    return false;                   /* (at most 24 + 20 + 250 bytes) */
  if (verbosity () > 1)
    fprintf (stderr, "<%d Read binary protocol data: opcode 0x%02x, key length %u\n",
             c->sfd, h.opcode, h.keylen);

  const unsigned char *extras = p + BIN_HEADER_LEN;
  const char *key = (const char *) extras + h.extlen;
  size_t nkey = h.keylen;
  cmd_start (c, (const char *) p, need);
  c->rstart += need;

  switch (h.opcode)
    {
    case CMD_GET: case CMD_GETQ: case CMD_GETK: case CMD_GETKQ:
    case CMD_TOUCH: case CMD_GAT: case CMD_GATQ: case CMD_GATK: case CMD_GATKQ:
      bin_get (c, extras, key, nkey);
      break;
    case CMD_DELETE: case CMD_DELETEQ:
      bin_delete (c, key, nkey);
      break;
    case CMD_INCREMENT: case CMD_INCREMENTQ: case CMD_DECREMENT: case CMD_DECREMENTQ:
      bin_arithmetic (c, extras, key, nkey);
      break;
    case CMD_QUIT: case CMD_QUITQ:
      res_ok (c, 0);
      c->state = conn_closing;
      break;
    case CMD_NOOP:
      res_ok (c, 0);
      break;
    case CMD_VERSION:
      res_header (c, ST_SUCCESS, 0, 0, (uint32_t) strlen (PACKAGE_VERSION), 0);
      out_copy (c, PACKAGE_VERSION, strlen (PACKAGE_VERSION));
      break;
    case CMD_FLUSH: case CMD_FLUSHQ:
      {
        uint32_t when = h.extlen == 4 ? get32 (extras) : 0;
        STATS_INCR (cmd_flush);
        items_flush (when != 0 ? realtime ((int64_t) when) : 0);
        res_ok (c, 0);
        break;
      }
    case CMD_STAT:
      bin_stat (c, key, nkey);
      break;
    case CMD_VERBOSITY:
      {
        uint32_t level = get32 (extras);
        set_verbosity (level > 2 ? 2 : (int) level);
        res_ok (c, 0);
        break;
      }
    default:
      if (is_storage (h.opcode))
        bin_update (c, h.extlen == 8 ? extras : NULL, key, nkey,
                    h.bodylen - h.extlen - h.keylen);
      break;
    }
  if (c->state != conn_nread)
    cmd_end (c);
  return true;
}
