/*
 * destructive.c — permission for destructive actions and system() (see
 * destructive.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "consumer/destructive.h"
#include "sdt/sdt.h"

bool
destructive_used (const struct dprog *p)
{
  for (size_t c = 0; c < p->nclauses; c++)
    for (size_t i = 0; i < p->clauses[c].nactions; i++)
      switch (p->clauses[c].actions[i].kind)
        {
        case ACT_SYSTEM: case ACT_RAISE: case ACT_STOP: case ACT_COPYOUT: case ACT_COPYOUTSTR:
          return true;
        default:
          break;
        }
  return false;
}

int
destructive_permit (const struct dprog *p)
{
  if (p->destructive && !p->quiet)
    diag_notice ("allowing destructive actions");
  if (!p->destructive && destructive_used (p))
    {
      diag_error ("could not enable tracing: Destructive actions not allowed");
      return -1;
    }
  return 0;
}

void
destructive_system (struct dfmt_out *out, const struct dfmt_ctx *ctx, const struct dfmt_fmt *f,
                    const struct dfmt_value *vals, size_t nvals)
{
  struct dfmt_out cmd;
  dfmt_out_buffer (&cmd);
  if (dfmt_printf (&cmd, ctx, f, vals, nvals) == 0)
    {
      if (out->fp)
        fflush (out->fp);
      fflush (stdout);
      int rc = system (dfmt_out_text (&cmd));
      (void) rc;   /* DTrace ignores the command's status too */
    }
  dfmt_out_release (&cmd);
}
