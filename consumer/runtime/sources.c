/* SPDX-License-Identifier: MIT */
/*
 * sources.c — the program sources in command-line order: a -s script file,
 * or a -n/-P/-m/-f string that is either a whole program or one probe
 * description (made a clause with an empty body).  Each source keeps its
 * own error prefix and "matched N probes" notice; its pragmas are applied
 * as they are parsed.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/runtime/runtime-int.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

/* A -n/-P/-m/-f string is either a whole program or one description. */
static char *
source_text (const struct consumer_source *s)
{
  bool program = strpbrk (s->text, "{/;") != NULL;
  if (s->kind == SRC_NAME)
    return program ? xstrdup (s->text) : xasprintf ("%s {}", s->text);
  if (program)
    return xstrdup (s->text);
  switch (s->kind)
    {
    case SRC_PROVIDER: return xasprintf ("%s::: {}", s->text);
    case SRC_MODULE: return xasprintf (":%s:: {}", s->text);
    case SRC_FUNCTION: return xasprintf ("::%s: {}", s->text);
    default: return xasprintf ("%s {}", s->text);
    }
}

/* The notice text: the source up to its first clause's predicate or body
 * (DTrace's "description 'prov:::name ' matched ..."), found after the
 * last of that clause's probe descriptions, so that a '/' inside one (a
 * module path: `tgt*:/usr/bin/x::tick`) does not cut it short. */
static char *
crop_description (const char *text, const struct d_script *script)
{
  const char *pos = text;
  if (script->nclauses > 0)
    for (size_t d = 0; d < script->clauses[0].ndescs; d++)
      {
        const char *at = strstr (pos, script->clauses[0].descs[d].text);
        if (at)
          pos = at + strlen (script->clauses[0].descs[d].text);
      }
  size_t n = (size_t) (pos - text) + strcspn (pos, "{/;");
  return xstrndup (text, n);
}

int
parse_sources (struct runtime *rt)
{
  const struct consumer_options *o = rt->opt;
  rt->nsrc = o->nsources;
  rt->src = xcalloc (o->nsources ? o->nsources : 1, sizeof *rt->src);
  for (size_t i = 0; i < o->nsources; i++)
    {
      struct source_state *s = &rt->src[i];
      s->src = &o->sources[i];
      int r;
      if (s->src->kind == SRC_SCRIPT)
        {
          s->errprefix = xasprintf ("failed to compile script %s", s->src->text);
          s->notice = xasprintf ("script '%s'", s->src->text);
          r = d_parse_script_file (s->src->text, &o->cpp, s->errprefix, &s->dp, &s->script);
        }
      else
        {
          s->text = source_text (s->src);
          s->errprefix = xasprintf ("invalid probe specifier %s", s->src->text);
          r = d_parse_script_string (s->src->text, s->text, s->errprefix, &s->dp, &s->script);
          if (r == 0)
            {
              char *crop = crop_description (s->src->text, &s->script);
              s->notice = xasprintf ("description '%s'", crop);
              free (crop);
            }
        }
      if (r != 0)
        return -1;
      s->parsed = true;
      for (size_t d = 0; d < s->script.ndecls; d++)
        if (s->script.decls[d].kind == DD_OPTION
            && apply_option (rt, s->script.decls[d].name, s->script.decls[d].value, s->errprefix,
                             s->script.decls[d].loc.line) != 0)
          return -1;
    }
  return 0;
}
