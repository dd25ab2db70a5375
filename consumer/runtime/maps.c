/* SPDX-License-Identifier: MIT */
/*
 * maps.c — the BPF maps a session's programs use, created once the probes
 * are known and before any program is generated (the code generator plans
 * the scratch layout first): globals, scratch, records and errors ring
 * buffers, drop counters, speculations, the string constants (frozen), the
 * probe names, the sites (USDT argument locations per attach cookie), the
 * -p/-c pid filter, one hash per dynamic variable and one per aggregation.
 */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/probes/kernel-features.h"
#include "consumer/probes/kernel-machinery.h"
#include "consumer/probes/providers.h"
#include "consumer/runtime/runtime-int.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

int
make_map (enum bpf_map_type type, const char *name, unsigned key, unsigned value, unsigned entries,
          uint32_t flags)
{
  LIBBPF_OPTS (bpf_map_create_opts, o, .map_flags = flags);
  int fd = bpf_map_create (type, name, key, value, entries, &o);
  if (fd < 0 && (errno == EPERM || errno == EACCES))
    diag_error ("could not enable tracing: %s (tracing needs root, or CAP_BPF and CAP_PERFMON)",
                strerror (errno));
  else if (fd < 0)
    diag_error ("could not enable tracing: cannot create BPF map %s: %s", name, strerror (errno));
  return fd;
}

/* Do keys of KEY bytes fit in a hash map on this kernel (over 512 bytes:
 * Linux 5.11)?  If not, one line names PREFIX NAME (an aggregation or a
 * variable). */
static bool
key_fits (unsigned key, const char *prefix, const char *name)
{
  if (key <= 512 || kernel_feature (KF_BIG_MAP_KEYS))
    return true;
  char what[400];
  snprintf (what, sizeof what, "%s%.300s, whose keys take %u bytes (a smaller -x strsize makes string keys shorter),",
            prefix, name, key);
  kernel_feature_refuse (KF_BIG_MAP_KEYS, what);
  return false;
}

/* Sites of libraries -c/-p processes map after dtrace attached. */
#define LATE_SITES 4096u

/* Is some USDT probe attached by file (rt->usdt's by_file)? */
static bool
usdt_any_by_file (const struct runtime *rt)
{
  if (!rt->have_usdt)
    return false;
  for (size_t i = 0; i < rt->usdt.nprobes; i++)
    if (rt->usdt.probes[i].by_file)
      return true;
  return false;
}

/* How many probes later processes may get: 4096, or fewer so that their
 * strings stay within 4 MiB (-x strsize); doc/limits.md. */
static unsigned
new_probes_room (unsigned ss)
{
  unsigned n = (4u << 20) / PROBESTR_SIZE (ss);
  return n > 4096 ? 4096 : n < 16 ? 16 : n;
}

/* The maps of later processes' probes: their ids by (tgid, template) and
 * the next id to give. */
static int
make_new_probe_maps (struct runtime *rt)
{
  unsigned room = rt->new_probes_limit - rt->new_probes_first;
  rt->maps.fixed[MAP_PID_PROBES] = make_map (BPF_MAP_TYPE_HASH, "dt_pidprobes", 8, 4, room, 0);
  rt->maps.fixed[MAP_NEW_PROBES] = make_map (BPF_MAP_TYPE_ARRAY, "dt_newprobes", 4, sizeof (struct new_probes), 1, 0);
  if (rt->maps.fixed[MAP_PID_PROBES] < 0 || rt->maps.fixed[MAP_NEW_PROBES] < 0)
    return -1;
  struct new_probes np = { rt->new_probes_first, rt->new_probes_limit };
  uint32_t k0 = 0;
  bpf_map_update_elem (rt->maps.fixed[MAP_NEW_PROBES], &k0, &np, BPF_ANY);
  rt->cg.new_probes = true;
  return 0;
}

/* The tracing machinery's address ranges, for kernel stacks that begin at
 * the probed code (codegen-kstack.c), read-only.  Without kallsyms'
 * addresses the map is empty: stacks then keep the machinery's frames,
 * which cannot be named either. */
static int
make_kskip_map (struct runtime *rt)
{
  rt->maps.fixed[MAP_KSKIP] = make_map (BPF_MAP_TYPE_ARRAY, "dt_kskip", 4, KSKIP_VALUE_SIZE, 1, BPF_F_RDONLY_PROG);
  if (rt->maps.fixed[MAP_KSKIP] < 0)
    return -1;
  uint64_t *pairs = xmalloc (KSKIP_VALUE_SIZE);
  size_t dropped;
  kernel_machinery_ranges (pairs, KSKIP_RANGES, &dropped);
  if (dropped)
    diag_warn ("%zu of the kernel's tracing functions are not left out of stacks (more than %u ranges)",
               dropped, KSKIP_RANGES);
  uint32_t k0 = 0;
  int rc = 0;
  if (bpf_map_update_elem (rt->maps.fixed[MAP_KSKIP], &k0, pairs, BPF_ANY) != 0
      || bpf_map_freeze (rt->maps.fixed[MAP_KSKIP]) != 0)
    {
      diag_error ("could not enable tracing: cannot fill the kernel's tracing functions: %s", strerror (errno));
      rc = -1;
    }
  free (pairs);
  return rc;
}

int
create_maps (struct runtime *rt)
{
  struct dprog *p = &rt->prog;
  unsigned ss = p->strsize;
  rt->cg.prog = p;
  rt->cg.consts = &rt->consts;
  if (codegen_plan (&rt->cg) != 0)
    return -1;

  /* the first map: without the privilege for BPF, one line says so */
  rt->maps.fixed[MAP_GLOBALS] = make_map (BPF_MAP_TYPE_ARRAY, "dt_globals", 4, p->globals_size ? p->globals_size : 8, 1, 0);
  if (rt->maps.fixed[MAP_GLOBALS] < 0)
    return -1;
  int ncpu = libbpf_num_possible_cpus ();
  if (rt->cg.scratch.by_cpu)
    rt->maps.fixed[MAP_SCRATCH] = make_map (BPF_MAP_TYPE_ARRAY, "dt_scratch", 4, rt->cg.scratch.total,
                                            ncpu > 0 ? (unsigned) ncpu : 1, 0);
  else
    rt->maps.fixed[MAP_SCRATCH] = make_map (BPF_MAP_TYPE_PERCPU_ARRAY, "dt_scratch", 4,
                                            rt->cg.scratch.total, 1, 0);
  rt->maps.fixed[MAP_RINGBUF] = make_map (BPF_MAP_TYPE_RINGBUF, "dt_records", 0, 0, (unsigned) p->bufsize, 0);
  rt->maps.fixed[MAP_DROPS] = make_map (BPF_MAP_TYPE_PERCPU_ARRAY, "dt_drops", 4, 8, DROP_NCOUNTERS, 0);
  rt->maps.fixed[MAP_SPEC] = make_map (BPF_MAP_TYPE_ARRAY, "dt_spec", 4, 16, p->nspec + 1, 0);
  rt->maps.fixed[MAP_DYNVAR] = make_map (BPF_MAP_TYPE_ARRAY, "dt_dynvar", 4, 8, 1, 0);
  rt->maps.fixed[MAP_ERRBUF] = make_map (BPF_MAP_TYPE_RINGBUF, "dt_errrecs", 0, 0, 256u << 10, 0);
  if (rt->maps.fixed[MAP_SPEC] < 0 || rt->maps.fixed[MAP_DYNVAR] < 0 || rt->maps.fixed[MAP_ERRBUF] < 0)
    return -1;
  unsigned zero = ss;
  for (size_t i = 0; i < p->naggs; i++)
    if (p->aggs[i].value_size > zero)
      zero = p->aggs[i].value_size;
  /* struct-valued self-> and associative array elements start as zeroes */
  for (size_t i = 0; i < p->nvars; i++)
    if ((p->vars[i].scope == VS_SELF || p->vars[i].scope == VS_ASSOC) && p->vars[i].value_size > zero)
      zero = p->vars[i].value_size;
  rt->maps.fixed[MAP_ZERO] = make_map (BPF_MAP_TYPE_ARRAY, "dt_zero", 4, zero, 1, 0);
  size_t nusites = rt->have_usdt ? rt->usdt.nusites : 0;
  size_t nsites = nusites + (rt->prov ? providers_nsites (rt->prov) : 0);
  /* room for the sites of libraries -c/-p processes load later */
  rt->late_first_cookie = rt->late_limit_cookie = (unsigned) nsites;
  if ((rt->nprocs || rt->watch_execs) && rt->have_usdt)
    rt->late_limit_cookie += LATE_SITES;
  nsites = rt->late_limit_cookie;
  if (nsites == 0)
    nsites = 1;
  rt->maps.fixed[MAP_SITES] = make_map (BPF_MAP_TYPE_ARRAY, "dt_sites", 4, sizeof (struct site_spec), (unsigned) nsites, 0);
  rt->new_probes_first = (unsigned) p->nprobes + 1;
  rt->new_probes_limit = rt->new_probes_first + (usdt_any_by_file (rt) ? new_probes_room (ss) : 0);
  rt->late_first_id = rt->late_limit_id = rt->new_probes_limit;
  if ((rt->nprocs || rt->watch_execs) && rt->have_usdt)
    rt->late_limit_id += new_probes_room (ss);
  rt->maps.fixed[MAP_PROBESTR] = make_map (BPF_MAP_TYPE_ARRAY, "dt_probestr", 4, PROBESTR_SIZE (ss),
                                           rt->late_limit_id, 0);
  size_t nc = rt->consts.n ? rt->consts.n : 1;
  /* 8 bytes after the last constant: a string is copied in
   * dtype_bytes (strsize rounded up to 8) */
  rt->maps.fixed[MAP_STRCONST] = make_map (BPF_MAP_TYPE_ARRAY, "dt_strconst", 4, (unsigned) (nc * ss + 8), 1, BPF_F_RDONLY_PROG);
  if (rt->maps.fixed[MAP_GLOBALS] < 0 || rt->maps.fixed[MAP_SCRATCH] < 0 || rt->maps.fixed[MAP_RINGBUF] < 0 || rt->maps.fixed[MAP_DROPS] < 0 || rt->maps.fixed[MAP_ZERO] < 0
      || rt->maps.fixed[MAP_SITES] < 0 || rt->maps.fixed[MAP_PROBESTR] < 0 || rt->maps.fixed[MAP_STRCONST] < 0)
    return -1;

  if (rt->cg.scratch.kskip && make_kskip_map (rt) != 0)
    return -1;

  /* string constants, frozen */
  char *buf = xcalloc (1, nc * ss + 8);
  for (size_t i = 0; i < rt->consts.n; i++)
    strncpy (buf + i * ss, rt->consts.s[i], ss - 1);
  uint32_t k0 = 0;
  if (bpf_map_update_elem (rt->maps.fixed[MAP_STRCONST], &k0, buf, BPF_ANY) != 0 || bpf_map_freeze (rt->maps.fixed[MAP_STRCONST]) != 0)
    {
      diag_error ("could not enable tracing: cannot fill the string constants: %s", strerror (errno));
      free (buf);
      return -1;
    }
  free (buf);

  /* probe names for probeprov/probemod/probefunc/probename */
  char *ps = xcalloc (1, PROBESTR_SIZE (ss));
  for (size_t i = 0; i < p->nprobes; i++)
    {
      const struct dprobe *d = &p->probes[i];
      memset (ps, 0, PROBESTR_SIZE (ss));
      strncpy (ps, d->prov, ss - 1);
      strncpy (ps + ss, d->mod, ss - 1);
      strncpy (ps + 2 * ss, d->func, ss - 1);
      strncpy (ps + 3 * ss, d->name, ss - 1);
      /* a template of later processes' probes: its provider without the pid */
      if (d->kind == PK_USDT && ((const struct usdt_probe *) d->sites)->by_file)
        {
          uint32_t len = (uint32_t) strlen (((const struct usdt_probe *) d->sites)->note_provider);
          memcpy (ps + PROBESTR_PROVLEN_OFF (ss), &len, sizeof len);
        }
      uint32_t key = d->id;
      bpf_map_update_elem (rt->maps.fixed[MAP_PROBESTR], &key, ps, BPF_ANY);
    }
  free (ps);

  /* sites: the probe and argument locations each attach cookie stands for */
  if (rt->have_usdt)
    for (size_t i = 3; i < p->nprobes; i++)
      {
        if (p->probes[i].kind != PK_USDT)
          continue;
        const struct usdt_probe *u = p->probes[i].sites;
        for (size_t s = 0; s < u->nsites; s++)
          {
            struct site_spec spec;
            site_spec_of (&u->sites[s], p->probes[i].id, &spec);
            uint32_t key = (uint32_t) u->sites[s].usite;
            bpf_map_update_elem (rt->maps.fixed[MAP_SITES], &key, &spec, BPF_ANY);
          }
      }

  if (rt->have_usdt && mark_shared_sites (rt) != 0)
    return -1;
  if (rt->new_probes_limit > rt->new_probes_first && make_new_probe_maps (rt) != 0)
    return -1;

  if (rt->prov)
    providers_fill_sites (rt->prov, p->probes, p->nprobes, rt->maps.fixed[MAP_SITES], (unsigned) nusites);

  /* -p/-c: only those processes fire */
  if (rt->nprocs)
    {
      rt->maps.fixed[MAP_PIDS] = make_map (BPF_MAP_TYPE_HASH, "dt_pids", 4, 1, (unsigned) rt->nprocs + 1, 0);
      if (rt->maps.fixed[MAP_PIDS] < 0)
        return -1;
      rt->cg.have_pids = true;
      for (size_t i = 0; i < rt->nprocs; i++)
        {
          uint32_t pid = (uint32_t) rt->procs[i].pid;
          uint8_t one = 1;
          bpf_map_update_elem (rt->maps.fixed[MAP_PIDS], &pid, &one, BPF_ANY);
        }
    }

  /* ustack() captures (codegen-ustack.c): allocated as they come, where
   * profile programs may use such maps (kernel-features.h) */
  if (rt->cg.scratch.ucap_size)
    {
      bool noprealloc = kernel_feature (KF_TRACE_NOPREALLOC);
      rt->maps.fixed[MAP_USTACKS] = make_map (BPF_MAP_TYPE_HASH, "dt_ustacks", 16,
                                              USTACK_HDR_SIZE + cg_ustack_bytes (p),
                                              noprealloc ? USTACK_CAPTURES_MAX : USTACK_CAPTURES_PREALLOC,
                                              noprealloc ? BPF_F_NO_PREALLOC : 0);
      if (rt->maps.fixed[MAP_USTACKS] < 0)
        return -1;
    }

  for (size_t i = 0; i < p->nvars; i++)
    {
      struct dvar *v = &p->vars[i];
      if (v->scope != VS_ASSOC && v->scope != VS_SELF)
        continue;
      /* room for dynvarsize worth of elements (codegen.c keeps the shared
       * count: a full dynamic variable space drops the store) */
      uint64_t want = p->dynvarsize / dprog_dynvar_elem_bytes (p) + 1;
      unsigned entries = want > (1u << 20) ? 1u << 20 : want < 16 ? 16 : (unsigned) want;
      if (!key_fits (v->key_size, v->scope == VS_SELF ? "self->" : "", v->name))
        return -1;
      rt->maps.vars[i] = make_map (BPF_MAP_TYPE_HASH, "dt_var", v->key_size, v->value_size, entries, 0);
      if (rt->maps.vars[i] < 0)
        return -1;
    }
  for (size_t i = 0; i < p->naggs; i++)
    {
      struct dagg *a = &p->aggs[i];
      if (dagg_is_array (a))
        rt->maps.aggs[i] = make_map (BPF_MAP_TYPE_PERCPU_ARRAY, "dt_agg", 4, dagg_flag_off (a) + 8, 1, 0);
      else
        {
          /* -x aggsize: room for that many bytes of keys and values (per
           * CPU, as DTrace's buffer is); a full aggregation drops the new
           * key ("N aggregation drops on CPU M") */
          uint64_t want = p->aggsize ? p->aggsize / (a->key_size + a->value_size) : 16384;
          unsigned entries = want < 1 ? 1 : want > (1u << 20) ? 1u << 20 : (unsigned) want;
          if (!key_fits (a->key_size, "@", a->name))
            return -1;
          rt->maps.aggs[i] = make_map (BPF_MAP_TYPE_PERCPU_HASH, "dt_agg", a->key_size, a->value_size,
                                       entries, 0);
        }
      if (rt->maps.aggs[i] < 0)
        return -1;
    }
  return 0;
}
