#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# build-compat.sh — every build command line of the projects doc/build-requirements.md names
# replayed against our dtrace: the exact argv (option order, default output
# names, -C/-I/-D, -x forms, CC/CFLAGS in the environment), the project's sed
# post-processing, then its C/C++ usage compiled with the project's warnings
# and linked with the -G object.  The .d files have each project's SHAPE.
# Our dtrace is put first on PATH as `dtrace` (PHP and Erlang hard-code the
# name) — only inside this test.
. "$SRCDIR/test/lib.sh"
mkdir -p bin && ln -s "$DTRACE" bin/dtrace
export PATH=$T/bin:$PATH
CW="-Wall -Wextra -pedantic -Werror"

# compile_run TAG CC FLAGS... : compile and link, then run ./a.out
compile_run () {
  local tag=$1; shift
  if "$@" -o prog 2>err.txt && ./prog >out.txt 2>&1; then ok "$tag"
  else fail "$tag"; sed 's/^/    /' err.txt out.txt | head -15; fi
}

# ---------------------------------------------------------------- memcached
mkdir memcached && cd memcached
cat > memcached_dtrace.d <<'D'
/*
 * Copyright notice of the shape memcached carries.
 */
provider memcached {
   /**
    * Fired when a connection object is allocated.
    * @param connid the connection id
    */
   probe conn__allocate(int connid);
   probe conn__create(void *ptr);
   probe slabs__allocate(int slabclass, int slabsize, void* ptr);
   probe assoc__find(const char *key, int keylen, int depth);
   probe item__replace(const char *oldkey, int oldkeylen, int oldsize,
                       const char *newkey, int newkeylen, int newsize);
   probe process__command__start(int connid, const void *request, int size);
   probe command__get(int connid, const char *key, int keylen, int size, int64_t casid);
};

#pragma D attributes Unstable/Unstable/Common provider memcached provider
D
check "memcached: configure check -h -o conftest.h" sh -c 'dtrace -h -o conftest.h -s memcached_dtrace.d 2>/dev/zero'
check "memcached: -h without -o" dtrace -h -s memcached_dtrace.d
check "memcached: default output ./memcached_dtrace.h" test -f memcached_dtrace.h
sed -e 's,void \*,const void \*,' memcached_dtrace.h | sed -e 's,char \*,const char \*,g' | tr '\t' ' ' > mmc_dtrace.tmp
mv mmc_dtrace.tmp memcached_dtrace.h
cat > memcached.c <<'C'
#include <stdint.h>
#include "memcached_dtrace.h"
static char key[] = "k";
int main (void) {
  uint64_t cas = 9; int ret = 1, nbytes = 4; void *it = key;
  MEMCACHED_CONN_ALLOCATE (3);
  MEMCACHED_CONN_CREATE (it);
  MEMCACHED_SLABS_ALLOCATE (1, 96, it);
  MEMCACHED_ASSOC_FIND (key, 1, 0);
  MEMCACHED_ITEM_REPLACE (key, 1, 4, key, 1, 5);
  MEMCACHED_PROCESS_COMMAND_START (3, key, 1);
  MEMCACHED_COMMAND_GET (3, key, 1, (ret == 1) ? nbytes : -1, cas);
  return 0;
}
C
for cc in gcc g++; do
  x=; [ $cc = g++ ] && x="-x c++"
  if $cc $x -O2 $CW -Wmissing-declarations -Wredundant-decls -c memcached.c -o memcached-memcached.o 2>err.txt; then
    ok "memcached: sed'ed header compiles ($cc)"
  else fail "memcached: sed'ed header compiles ($cc)"; sed 's/^/    /' err.txt | head; fi
done
gcc -O2 -c memcached.c -o memcached-memcached.o
gcc -O0 -c memcached.c -o memcached_debug-memcached.o
check "memcached: -G -o memcached_dtrace.o (objects)" dtrace -G -o memcached_dtrace.o -s memcached_dtrace.d memcached-memcached.o
check "memcached: -G for the debug binary" dtrace -G -o memcached_debug_dtrace.o -s memcached_dtrace.d memcached_debug-memcached.o
compile_run "memcached: links and runs" gcc memcached-memcached.o memcached_dtrace.o
cd "$T"

# --------------------------------------------------------------- PostgreSQL
mkdir -p pg/utils && cd pg
cat > utils/probes.d <<'D'
/* ----------
 *	probes.d -- the shape of PostgreSQL's: #define'd types need -C.
 * ----------
 */
#define LocalTransactionId unsigned int
#define LWLockMode int
#define Oid unsigned int
#define bool unsigned char

provider postgresql {
	probe transaction__start(LocalTransactionId);
	probe transaction__commit(LocalTransactionId);
	probe lwlock__wait__start(const char *, LWLockMode);
	probe query__parse__start(const char *);
	probe checkpoint__done(int, int, int, int, int);
	probe buffer__read__start(int, unsigned int, Oid, Oid, Oid, int, bool);
	probe statement__status(const char *);
	probe wal__switch();
};
D
cat > postprocess_dtrace.sed <<'S'
s/POSTGRESQL_/TRACE_POSTGRESQL_/g
s/( *char \*/(const char */g
s/, *char \*/, const char */g
S
check "postgresql make: -C -h -s probes.d -o probes.h.tmp" dtrace -C -h -s utils/probes.d -o utils/probes.h.tmp
sed -f postprocess_dtrace.sed utils/probes.h.tmp > utils/probes.h
cat > xact.c <<'C'
#include "utils/probes.h"
static const char *tranche (void) { return "buffer"; }
int main (void) {
  unsigned int localTransactionId = 7;
  TRACE_POSTGRESQL_TRANSACTION_START (localTransactionId);
  if (TRACE_POSTGRESQL_LWLOCK_WAIT_START_ENABLED ())
    TRACE_POSTGRESQL_LWLOCK_WAIT_START (tranche (), 1);
  TRACE_POSTGRESQL_BUFFER_READ_START (0, 1u, 2u, 3u, 4u, 5, (unsigned char) 1);
  TRACE_POSTGRESQL_WAL_SWITCH ();
  TRACE_POSTGRESQL_TRANSACTION_COMMIT (localTransactionId);
  return 0;
}
C
gcc -O2 $CW -Wmissing-prototypes -c xact.c -o xact.o 2>err.txt && ok "postgresql: sed'ed header compiles" || { fail "postgresql: sed'ed header compiles"; sed 's/^/    /' err.txt | head; }
gcc -O2 -c xact.c -o other.o
check "postgresql make: -C -G -s probes.d <objs> -o probes.o (-o last)" dtrace -C -G -s utils/probes.d xact.o other.o -o utils/probes.o
compile_run "postgresql: links and runs" gcc xact.o utils/probes.o
mkdir -p meson/postgres_lib.a.p && cp xact.o meson/postgres_lib.a.p/access_xact.c.o
check "postgresql meson: -C -h -s IN -o OUT" dtrace -C -h -s utils/probes.d -o meson/probes.h.tmp
check "postgresql meson: -C -G -o OUT -s probes.d x.c.o" dtrace -C -G -o meson/probes.o -s utils/probes.d meson/postgres_lib.a.p/access_xact.c.o
cd "$T"

# ------------------------------------------------------------------ CPython
mkdir -p py/Include py/Python && cd py
echo 'BEGIN{}' > conftest.d
check "cpython: configure -G on BEGIN{} exits 0" dtrace -G -s conftest.d -o conftest.o
check "cpython: ... and writes the object" test -s conftest.o
echo 'BEGIN' > conftest-old.d
check "cpython (old): -G on a bare BEGIN exits 0" dtrace -G -s conftest-old.d -o conftest-old.o
cat > Include/pydtrace.d <<'D'
provider python {
    probe function__entry(const char *, const char *, int);
    probe function__return(const char *, const char *, int);
    probe gc__start(int);
    probe gc__done(long);
    probe line(const char *, const char *, int);
    probe audit(const char *, void *);
};

#pragma D attributes Evolving/Evolving/Common provider python provider
#pragma D attributes Evolving/Evolving/Common provider python module
#pragma D attributes Evolving/Evolving/Common provider python function
#pragma D attributes Evolving/Evolving/Common provider python name
#pragma D attributes Evolving/Evolving/Common provider python args
D
check "cpython: CC= CFLAGS= dtrace -o H -h -s pydtrace.d" env CC=gcc CFLAGS="-O2 -fcf-protection" dtrace -o Include/pydtrace_probes.h -h -s Include/pydtrace.d
sed 's/PYTHON_/PyDTrace_/' Include/pydtrace_probes.h > Include/pydtrace_probes.h.tmp && mv Include/pydtrace_probes.h.tmp Include/pydtrace_probes.h
check_eq "cpython: no PYTHON_ left after the non-global sed" "$(grep -c 'PYTHON_' Include/pydtrace_probes.h)" 0
cat > Python/ceval.c <<'C'
#include "pydtrace_probes.h"
static void dtrace_function_entry (const char *f, const char *n, int l) { PyDTrace_FUNCTION_ENTRY (f, n, l); }
int main (void) {
  long n = 5;
  if (PyDTrace_FUNCTION_ENTRY_ENABLED ()) dtrace_function_entry ("a.py", "f", 3);
  PyDTrace_GC_START (2);
  PyDTrace_GC_DONE (n);
  if (PyDTrace_AUDIT_ENABLED ()) PyDTrace_AUDIT ("open", (void *) 0);
  return 0;
}
C
gcc -O2 $CW -IInclude -c Python/ceval.c -o Python/ceval.o 2>err.txt && ok "cpython: sed'ed header compiles" || { fail "cpython: sed'ed header compiles"; sed 's/^/    /' err.txt | head; }
check "cpython: -o pydtrace.o -G -s pydtrace.d objs" env CC=gcc CFLAGS="-O2" dtrace -o Python/pydtrace.o -G -s Include/pydtrace.d Python/ceval.o
compile_run "cpython: links and runs" gcc Python/ceval.o Python/pydtrace.o
cd "$T"

# --------------------------------------------------------------------- Ruby
mkdir -p ruby && cd ruby
echo "provider conftest{ probe fire(); };" > conftest_provider.d
check "ruby: RUBY_DTRACE_AVAILABLE -xnolibs -h on the one-line provider" dtrace -xnolibs -h -o conftest_provider.h -s conftest_provider.d
printf '#include "conftest_provider.h"\nint main (void) { CONFTEST_FIRE (); return 0; }\n' > conftest.c
check "ruby: conftest compiles and calls CONFTEST_FIRE" gcc -c conftest.c -o conftest.o
cp -p conftest.o conftest.o.save
check "ruby: -G -s conftest_provider.d conftest.o (no -o)" dtrace -xnolibs -G -s conftest_provider.d conftest.o
check "ruby: output went to ./conftest_provider.o" test -s conftest_provider.o
check "ruby: conftest.o unchanged (cmp), so not 'rebuild' mode" cmp -s conftest.o conftest.o.save
mkdir -p include
echo '#define VM_COLLECT_USAGE_DETAILS 0' > include/vm_opts.h
cat > probes.d <<'D'
#include "vm_opts.h"

provider ruby {
  /*
     ruby:::method-entry(classname, methodname, filename, lineno);
     This probe is fired just before a method is entered.
   */
  probe method__entry(const char *classname, const char *methodname, const char *filename, int lineno);
  probe method__return(const char *classname, const char *methodname, const char *filename, int lineno);
  probe raise(const char *classname, const char *filename, int lineno);
  probe gc__mark__begin();
  probe gc__mark__end();
#if VM_COLLECT_USAGE_DETAILS
  probe insn(const char *insns_name);
#endif
};

#pragma D attributes Stable/Evolving/Common provider ruby provider
D
check "ruby: -xnolibs -o probes.h.tmp -h -C -I... -s probes.d" dtrace -xnolibs -o probes.h.tmp -h -C -I. -Iinclude -s probes.d
sed -e 's/RUBY_/RUBY_DTRACE_/g' -e 's/PROBES_H_TMP/RUBY_PROBES_H/' -e 's/(char \*/(const char */g' -e 's/, char \*/, const char */g' probes.h.tmp > probes.h
check_eq "ruby: Solaris-style guard renamed by the sed" "$(grep -c '^#ifndef _RUBY_PROBES_H$' probes.h)" 1
check_eq "ruby: the #if'ed-out probe is absent" "$(grep -c 'INSN' probes.h)" 0
cat > vm.c <<'C'
#include "probes.h"
#define RUBY_DTRACE_HOOK(name, a, b, c, d) \
  do { if (__builtin_expect (RUBY_DTRACE_##name##_ENABLED (), 0)) { RUBY_DTRACE_##name (a, b, c, d); } } while (0)
#define RUBY_DTRACE_GC_HOOK(name) do { if (RUBY_DTRACE_GC_##name##_ENABLED ()) RUBY_DTRACE_GC_##name (); } while (0)
int main (void) {
  RUBY_DTRACE_HOOK (METHOD_ENTRY, "C", "m", "f.rb", 1);
  RUBY_DTRACE_GC_HOOK (MARK_BEGIN);
  RUBY_DTRACE_RAISE ("E", "f.rb", 2);
  return 0;
}
C
gcc -O2 $CW -c vm.c -o vm.o 2>err.txt && ok "ruby: token-pasted hooks compile" || { fail "ruby: token-pasted hooks compile"; sed 's/^/    /' err.txt | head; }
check "ruby: -G -C -I... -s probes.d -o probes.o (no objects)" env CC=gcc CFLAGS=-O2 dtrace -xnolibs -G -C -I. -Iinclude -s probes.d -o probes.o
compile_run "ruby: links and runs" gcc vm.o probes.o
cd "$T"

# ---------------------------------------------------------------------- PHP
mkdir -p php/Zend/.libs && cd php
cat > Zend/zend_dtrace.d <<'D'
/*
   +----------------------------------------------------------------------+
   | a license block of PHP's shape                                        |
   +----------------------------------------------------------------------+
*/
provider php {
	probe exception__caught(char *classname);
	probe exception__thrown(char* classname);
	probe request__startup(char* request_file, char* request_uri, char* request_method);
	probe compile__file__entry(char * compile_file, char * compile_file_translated);
	probe execute__entry(char* request_file, int lineno);
	probe function__entry(char* function_name, char* request_file, int lineno, char* classname, char* scope);
};
D
check "php: CC= CFLAGS= dtrace -h -C -s ABS.d -o X.h.bak" env CC=gcc CFLAGS="-O2" dtrace -h -C -s "$T/php/Zend/zend_dtrace.d" -o Zend/zend_dtrace_gen.h.bak
sed -e 's,PHP_,DTRACE_,g' Zend/zend_dtrace_gen.h.bak > Zend/zend_dtrace_gen.h
cat > Zend/zend.c <<'C'
#include "zend_dtrace_gen.h"
int main (void) {
  const char *funcname = "f", *filename = "x.php", *classname = "C", *scope = "::";
  if (DTRACE_EXECUTE_ENTRY_ENABLED () || DTRACE_FUNCTION_ENTRY_ENABLED ())
    DTRACE_FUNCTION_ENTRY ((char *) funcname, (char *) filename, 3, (char *) classname, (char *) scope);
  DTRACE_EXECUTE_ENTRY (filename, 3);
  DTRACE_EXCEPTION_THROWN (classname);
  return 0;
}
C
gcc -O2 $CW -fPIC -c Zend/zend.c -o Zend/.libs/zend.o 2>err.txt && ok "php: renamed macros compile (const char * into char *)" || { fail "php: renamed macros compile"; sed 's/^/    /' err.txt | head; }
gcc -O2 -c Zend/zend.c -o Zend/zend.o
if CC=gcc CFLAGS=-O2 dtrace -G -o Zend/.libs/zend_dtrace.d.o -s "$T/php/Zend/zend_dtrace.d" Zend/.libs/zend.o 2>/dev/null && test -f Zend/.libs/zend_dtrace.d.o; then
  ok "php: PIC -G pass (rc 0 and the file exists)"
else fail "php: PIC -G pass"; fi
if CC=gcc dtrace -G -o Zend/zend_dtrace.d.o -s "$T/php/Zend/zend_dtrace.d" Zend/missing.o Zend/also-missing.o 2>/dev/null && test -f Zend/zend_dtrace.d.o; then
  ok "php: non-PIC pass with objects that do not exist (rc 0, file exists)"
else fail "php: non-PIC pass with missing objects"; fi
compile_run "php: links and runs" gcc Zend/zend.o Zend/.libs/zend_dtrace.d.o
cd "$T"

# --------------------------------------------------------------------- GLib
mkdir -p glib && cd glib
cat > glib_probes.d <<'D'
provider glib {
  probe mem__alloc(void*, unsigned int, unsigned int, unsigned int);
  probe main__context_push_thread_default(void*);
  probe thread__spawned(void*, void*, char*);
    probe quark__new(const char*, unsigned int);
	probe slice__alloc(void*, unsigned int);
};
D
check "glib: -h -s IN -o OUT" dtrace -h -s glib_probes.d -o glib_probes.h.tmp
sed -e 's/define STAP_HAS_SEMAPHORES 1/undef STAP_HAS_SEMAPHORES/' -e 's/define _SDT_HAS_SEMAPHORES 1/undef _SDT_HAS_SEMAPHORES/' glib_probes.h.tmp > glib_probes.h
check "glib: -G -s IN -o OUT (no objects)" dtrace -G -s glib_probes.d -o glib_probes.o
cat > gmem.c <<'C'
#include "glib_probes.h"
#define TRACE(probe) probe
int main (void) {
  static char mem[16];
  unsigned int n_bytes = 16;
  TRACE (GLIB_MEM_ALLOC ((void *) mem, n_bytes, 0, 0));
  TRACE (GLIB_MAIN_CONTEXT_PUSH_THREAD_DEFAULT (mem));
  TRACE (GLIB_QUARK_NEW ("q", 1));
  return 0;
}
C
compile_run "glib: semaphores #undef'ed, compiles, links without semaphore refs" gcc -O2 $CW gmem.c
check_eq "glib: probe sites reference no semaphore" "$(readelf -n prog | grep -c 'Semaphore: 0x0*[1-9a-f]')" 0
compile_run "glib: still links with the -G object" gcc -O2 gmem.c glib_probes.o
cd "$T"

# --------------------------------------------------------------------- QEMU
mkdir -p qemu && cd qemu
for g in block net; do
  { echo "/* This file is autogenerated by tracetool, do not edit. */"
    echo "provider qemu {"
    echo "probe ${g}_open(void * opaque, const char * name);"
    echo "probe ${g}_io(uint64_t offset, unsigned bytes, bool is_write);"
    echo "probe ${g}_flush();"
    echo "};"; } > trace-dtrace-$g.dtrace
  check "qemu: -DSTAP_SDT_V2 -o OUT -h -s $g.dtrace" dtrace -DSTAP_SDT_V2 -o trace-dtrace-$g.h -h -s trace-dtrace-$g.dtrace
  check "qemu: -DSTAP_SDT_V2 -o OUT -G -s $g.dtrace" dtrace -DSTAP_SDT_V2 -o trace-dtrace-$g.o -G -s trace-dtrace-$g.dtrace
done
check_match "qemu: -DSTAP_SDT_V2 gives default-visibility semaphores" \
  "$(readelf -sW trace-dtrace-block.o | grep qemu_block_open_semaphore)" ' DEFAULT '
cat > trace.c <<'C'
#include <stdbool.h>
#include <stdint.h>
#ifndef SDT_USE_VARIADIC
#define SDT_USE_VARIADIC 1
#endif
#include "trace-dtrace-block.h"
#include "trace-dtrace-net.h"
#undef SDT_USE_VARIADIC
#ifndef QEMU_BLOCK_IO_ENABLED
#define QEMU_BLOCK_IO_ENABLED() true
#endif
static void trace_block_io (uint64_t offset, unsigned bytes, bool is_write) {
  if (QEMU_BLOCK_IO_ENABLED () || false) QEMU_BLOCK_IO (offset, bytes, is_write);
}
int main (void) {
  QEMU_BLOCK_OPEN ((void *) 0, "disk");
  trace_block_io (4096, 512, true);
  QEMU_NET_FLUSH ();
  return 0;
}
C
compile_run "qemu: two headers of one provider in one TU, two -G objects in one link" \
  gcc -O2 $CW -DSTAP_SDT_V2 trace.c trace-dtrace-block.o trace-dtrace-net.o
cd "$T"

# --------------------------------------------------------------------- Perl
mkdir -p perl/UU perl/mpdtrace && cd perl
cat > perldtrace.d <<'D'
/*
 * Written by a hypothetical Perl porter
 */

provider perl {
    probe sub__entry(const char *, const char *, int, const char *);
    probe sub__return(const char *, const char *, int, const char *);
    probe phase__change(const char *, const char *);
    probe op__entry(const char *);
    probe loading__file(const char *);
    probe loaded__file(const char *);
};
D
cd UU
check "perl: Configure -h -s ../perldtrace.d -o perldtrace.tmp" dtrace -h -s ../perldtrace.d -o perldtrace.tmp
check "perl: Configure -h -xnolibs" dtrace -h -xnolibs -s ../perldtrace.d -o perldtrace.h
printf '#include "perldtrace.h"\nint main (void) { PERL_LOADED_FILE ("dummy"); return 0; }\n' > try.c
gcc -c try.c -o try.o
check "perl: -G -xnolibs -s ../perldtrace.d try.o (no -o)" dtrace -G -xnolibs -s ../perldtrace.d try.o
check "perl: output ./perldtrace.o" test -s perldtrace.o
cd ..
check "perl: -h -s perldtrace.d -o perldtrace.h.in" dtrace -h -s perldtrace.d -o perldtrace.h.in
sed -e '/const/!s/char \*/const char */g' perldtrace.h.in > perldtrace.h
cat > perl.c <<'C'
#include "perldtrace.h"
int main (void) {
  if (PERL_SUB_ENTRY_ENABLED ()) PERL_SUB_ENTRY ("f", "x.pl", 3, "main");
  PERL_OP_ENTRY ("add");
  return 0;
}
C
gcc -O2 $CW -c perl.c -o perl.o 2>err.txt && ok "perl: header compiles" || { fail "perl: header compiles"; sed 's/^/    /' err.txt | head; }
cp perl.o mpdtrace/
check "perl: -G on copied objects" dtrace -G -s perldtrace.d -o dtrace_mini.o mpdtrace/perl.o
compile_run "perl: links and runs" gcc perl.o dtrace_mini.o
cd "$T"

# ------------------------------------------------------------------- Erlang
mkdir -p erts/emulator/beam && cd erts
{ echo 'provider erlang {'
  echo '    /**'
  echo '     * Fired when a process is spawned.'
  echo '     * @param p the PID (string form) of the new process.'
  echo '     */'
  echo '    probe process__spawn(char *p, char *mfa);'
  echo '    probe dist__port_busy(char *node, char *port, char *remote_node,'
  echo '                          char *pid);'
  echo '    probe gc_major__start(char *p, int need, int gen);'
  for i in 0 1 2 3 4 5 6 7 8 9; do
    echo "    probe user_trace__n$i(char *proc, char *user_tag, int i1, int i2, int i3, int i4, char *s1, char *s2, char *s3, char *s4);"
  done
  echo '};'
  echo '#pragma D attributes Evolving/Evolving/Common provider erlang provider'; } > emulator/beam/erlang_dtrace.d
check "erlang: 1-stage dtrace -h -C -Iemulator/beam -o ./foo-dtrace.h" dtrace -h -C -Iemulator/beam -o ./foo-dtrace.h -s emulator/beam/erlang_dtrace.d
sed -e '/^#define[ \t]*ERLANG_[A-Z0-9_]*(.*)/y/ABCDEFGHIJKLMNOPQRSTUVWXYZ/abcdefghijklmnopqrstuvwxyz/' foo-dtrace.h > erlang_dtrace.h
cat > erl.c <<'C'
#include "erlang_dtrace.h"
#define DTRACE_ENABLED(name) erlang_##name##_enabled()
#define DTRACE2(name, a0, a1) erlang_##name((a0), (a1))
#define DTRACE3(name, a0, a1, a2) erlang_##name((a0), (a1), (a2))
int main (void) {
  char p[] = "<0.1.0>", mfa[] = "m:f/0";
  if (DTRACE_ENABLED (process_spawn)) DTRACE2 (process_spawn, p, mfa);
  DTRACE3 (gc_major_start, p, 100, 1);
  erlang_user_trace_n3 (p, p, 1, 2, 3, 4, p, p, p, p);
  return 0;
}
C
gcc -O2 $CW -c erl.c -o conftest.o 2>err.txt && ok "erlang: lower-cased macros compile" || { fail "erlang: lower-cased macros compile"; sed 's/^/    /' err.txt | head; }
check "erlang: 2-stage -G -C -I... -o ./dtrace-test.o conftest.o" dtrace -G -C -Iemulator/beam -o ./dtrace-test.o -s emulator/beam/erlang_dtrace.d conftest.o
compile_run "erlang: links and runs" gcc conftest.o dtrace-test.o
cd "$T"

# ------------------------------------------------------------------ libvirt
mkdir -p libvirt && cd libvirt
cat > libvirt_probes.d <<'D'
provider libvirt {
	# file: src/util/vireventglib.c
	# prefix: event_glib
	probe event_glib_add_handle(int watch, int fd, int events, void *cb, void *opaque, void *ff);
	probe event_glib_remove_handle(int watch);

	# file: src/rpc/virnetsocket.c
	# prefix: rpc
	probe rpc_socket_new(void *sock, int fd, int errfd, pid_t pid, const char *localAddr, const char *remoteAddr);
	probe rpc_server_client_msg_tx_queue(void *client, void *msg, int len, int prog, int vers, int proc,
	                                     int type, int status);
};
D
check "libvirt: env CC= dtrace -o OUT -h -s IN" env CC="gcc" dtrace -o libvirt_probes.h -h -s libvirt_probes.d
check "libvirt: -o OUT -G -s IN" env CC="gcc" dtrace -o libvirt_probes.o -G -s libvirt_probes.d
cat > virprobe.c <<'C'
#include <stdint.h>
#include <sys/types.h>
#ifndef LIBVIRT_PROBES_H_GUARD
#define LIBVIRT_PROBES_H_GUARD
#include "libvirt_probes.h"
#endif
#define VIR_ADD_CAST(a) ((void *)(intptr_t)(a))
#define PROBE(NAME, a, b) do { if (LIBVIRT_ ## NAME ## _ENABLED ()) { LIBVIRT_ ## NAME (VIR_ADD_CAST (a), VIR_ADD_CAST (b), 0, 0, 0, 0, 0, 0); } } while (0)
int vir_func (int x);
int vir_func (int x) {
  int r = x;
  PROBE (RPC_SERVER_CLIENT_MSG_TX_QUEUE, &r, &x);
  LIBVIRT_RPC_SOCKET_NEW (&r, 3, 4, (pid_t) 5, "a", "b");
  LIBVIRT_EVENT_GLIB_REMOVE_HANDLE (x);
  return r;
}
C
for so in libvirt.so libvirt-admin.so; do
  gcc -O2 $CW -Wnested-externs -Wdeclaration-after-statement -Wjump-misses-init -Wshadow -Wduplicate-decl-specifier \
    -fPIC -shared virprobe.c libvirt_probes.o -o $so 2>err.txt && ok "libvirt: $so builds with libvirt's warnings" || { fail "libvirt: $so builds"; sed 's/^/    /' err.txt | head; }
done
printf 'int vir_func (int x);\nint main (void) { return vir_func (2) != 2; }\n' > daemon.c
compile_run "libvirt: one -G object in two DSOs + daemon, private hidden semaphores" gcc daemon.c ./libvirt.so -Wl,-rpath,"$T/libvirt"
cd "$T"

# ------------------------------------------------------------------ MariaDB
mkdir -p mariadb/include && cd mariadb
cat > include/probes_mysql.d.base <<'D'
/* Copyright (c) a long comment of MariaDB's shape
 * spanning lines. */
provider mysql {
probe connection__start(unsigned long conn_id, char *user, char *host);
probe connection__done(int status, unsigned long conn_id);
probe query__start(char *query, unsigned long connid, char *db_name, char *user, char *host);
probe query__done(int);
probe net__read__start();
};
#pragma D attributes Evolving/Evolving/Common provider mysql provider
#pragma D attributes Evolving/Evolving/Common provider mysql args
D
cp include/probes_mysql.d.base include/probes_mysql.d
check "mariadb: -h -s probes_mysql.d -o include/probes_mysql_dtrace.h" dtrace -h -s include/probes_mysql.d -o include/probes_mysql_dtrace.h
check "mariadb: CFLAGS env, -G -s probes_mysql.d.base -o probes_mysql.o" env CFLAGS="-O2 -g" dtrace -G -s include/probes_mysql.d.base -o probes_mysql.o
cat > sql.cc <<'C'
#include "include/probes_mysql_dtrace.h"
int main () {
  char q[] = "select 1", db[] = "test", user[] = "u", host[] = "h";
  if (MYSQL_QUERY_START_ENABLED ()) MYSQL_QUERY_START (q, 1UL, db, user, host);
  MYSQL_QUERY_DONE (0);
  MYSQL_NET_READ_START ();
  return 0;
}
C
compile_run "mariadb: C++ usage links and runs" g++ -O2 $CW sql.cc probes_mysql.o
cd "$T"

# --------------------------------------------------------------------- Node
mkdir -p node/src && cd node
cat > src/node_provider.d <<'D'
/*
 * Types of the shape node_provider.d declares before its provider.
 */
typedef struct {
	int dummy;
} node_dtrace_connection_t;

typedef struct {
	int fd;
	string remote;
} node_connection_t;

provider node {
	probe net__server__connection(node_dtrace_connection_t *c,
	    const char *a, int p, int fd) : (node_connection_t *c, string a,
	    int p, int fd);
	probe net__stream__end(node_dtrace_connection_t *c, const char *a,
	    int p, int fd) : (node_connection_t *c, string a, int p, int fd);
	probe gc__start(int t, int f, void *isolate);
	probe gc__done(int t, int f, void *isolate);
};

#pragma D attributes Stable/Stable/Common provider node provider
D
check "node: -h -s src/node_provider.d -o H" dtrace -h -s src/node_provider.d -o node_provider.h
check "node: -C -G -s src/node_provider.d -o O" dtrace -C -G -s src/node_provider.d -o node_dtrace_provider.o
cat > node.cc <<'C'
#include "node_provider.h"
struct conn { int dummy; };
int main () {
  conn c = { 0 };
  NODE_GC_START (1, 0, (void *) &c);
  if (NODE_NET_SERVER_CONNECTION_ENABLED ()) NODE_NET_SERVER_CONNECTION (&c, "1.2.3.4", 80, 3);
  NODE_GC_DONE (1, 0, (void *) &c);
  return 0;
}
C
compile_run "node: C++ usage links and runs" g++ -O2 $CW -std=c++17 node.cc node_dtrace_provider.o
cd "$T"

# ------------------------------------------------------------------ OpenJDK
mkdir -p jdk/support jdk/gensrc && cd jdk
cat > hotspot_jni.d <<'D'
provider hotspot_jni {
  probe AllocObject__entry(void*, void*);
  probe AllocObject__return(void*);
  probe CallBooleanMethodA__entry(void*, void*, uintptr_t);
  probe FatalError__entry(void* env, const char*);
  probe GetDoubleArrayElements__entry(void*, void*, double*);
  probe GetVersion__entry(void*);
  probe GetVersion__return(uint32_t);
  probe NewObjectArray__entry(void*, int32_t, void*, void*);
  probe GetStringRegion__entry(void*, void*, int32_t, int32_t, uint16_t*);
  probe ReleasePrimitiveArrayCritical__entry(void*, void*, void**, int32_t);
};
D
cpp -x c hotspot_jni.d > support/hotspot_jni.h.d
check "openjdk: -h -o gensrc/dtracefiles/H -s support/NAME.h.d" dtrace -h -o gensrc/hotspot_jni.h -s support/hotspot_jni.h.d
cat > jni.cpp <<'C'
#include <sys/sdt.h>
#include <stdint.h>
#include "gensrc/hotspot_jni.h"
int main () {
  int env = 0, clazz = 0;
  HOTSPOT_JNI_ALLOCOBJECT_ENTRY (&env, &clazz);
  HOTSPOT_JNI_GETVERSION_RETURN (0x150000u);
  HOTSPOT_JNI_FATALERROR_ENTRY (&env, "boom");
  return HOTSPOT_JNI_GETVERSION_ENTRY_ENABLED () ? 0 : 1;
}
C
compile_run "openjdk: sys/sdt.h first, C++, no -G object linked" g++ -O2 $CW jni.cpp
check_match "openjdk: mixed-case note names kept" "$(readelf -n prog)" 'Name: AllocObject__entry'
cd "$T"

# --------------------------------------------------------------------- BIND
mkdir -p bind/lib/isc/libisc-probe-target.a.p && cd bind
cat > probes-isc.d <<'D'
provider libisc {
	probe job_cb_before(void *, void *);
	probe job_cb_after(void *, void *);
	probe rwlock_destroy(void *);
	probe rwlock_rdlock_req(void *);
};
D
check "bind: -s IN -h -o OUT" dtrace -s probes-isc.d -h -o probes-isc.h
printf '#include "probes-isc.h"\nint main (void) { int rwl; LIBISC_RWLOCK_RDLOCK_REQ (&rwl); return 0; }\n' > rwlock.c
gcc -O2 $CW -c rwlock.c -o lib/isc/libisc-probe-target.a.p/rwlock.c.o
check "bind: -G -o OUT -s probes-isc.d x.c.o" dtrace -G -o isc-probes.o -s probes-isc.d lib/isc/libisc-probe-target.a.p/rwlock.c.o
compile_run "bind: links and runs" gcc lib/isc/libisc-probe-target.a.p/rwlock.c.o isc-probes.o
cd "$T"

# ---------------------------------------------------------------------- h2o
mkdir -p h2o && cd h2o
cat > h2o-probes.d <<'D'
/* @appdata
{
  "h2o": { "note": "json of the shape h2o keeps in a comment" }
}
*/
provider h2o {
    probe h3s_destroy(struct st_quicly_conn_t *conn, uint64_t conn_id, uint64_t req_id, uint64_t a, uint64_t b,
                      uint64_t c, uint64_t d, uint64_t e, uint64_t f, size_t g, ssize_t h, unsigned state);
    probe socket_write(struct st_h2o_socket_t *sock, void *bufs, size_t bufcnt, void *cb);
};
D
check "h2o: CHECK_DTRACE dtrace -o .tmp.dprobes.h -s X.d -h" dtrace -o .tmp.dprobes.h -s h2o-probes.d -h
check "h2o: -o H -s D -h" dtrace -o h2o-probes.h -s h2o-probes.d -h
check "h2o: -o O -s D -G" dtrace -o h2o-probes.o -s h2o-probes.d -G
cat > h2o.c <<'C'
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include "h2o-probes.h"
struct st_quicly_conn_t { int x; };
#define H2O_PROBE_IS_ENABLED(label) (__builtin_expect (H2O_##label##_ENABLED (), 0))
int main (void) {
  struct st_quicly_conn_t c = { 1 };
  ssize_t h = -1;
  unsigned state = 2;
  if (H2O_PROBE_IS_ENABLED (H3S_DESTROY))
    H2O_H3S_DESTROY (&c, 1, 2, 3, 4, 5, 6, 7, 8, (size_t) 9, h, state);
  H2O_H3S_DESTROY (&c, 1, 2, 3, 4, 5, 6, 7, 8, (size_t) 9, h, state);
  return 0;
}
C
compile_run "h2o: 12-argument probe compiles, links and runs" gcc -O2 $CW -std=c11 h2o.c h2o-probes.o
check_match "h2o: the site has 12 arguments" "$(readelf -n prog | sed -n 's/.*Arguments: //p' | head -1 | wc -w)" '^12$'
cd "$T"

# ------------------------------------------------------ bad inputs (R6, R7)
echo 'provider p { probe a(int, int, int, int, int, int, int, int, int, int, int, int, int); };' > thirteen.d
out=$(dtrace -h -s thirteen.d -o thirteen.h 2>&1); rc=$?
check_eq "13 arguments: non-zero exit" "$([ $rc -ne 0 ] && echo fail)" fail
check_match "13 arguments: error names file and line" "$out" 'thirteen\.d:1'
check_fails "13 arguments: no partial output file" test -e thirteen.h
check_fails "unknown option: usage error" dtrace -h -K -s thirteen.d
check_match "unknown option: usage on stderr, exit 2" "$(dtrace -K 2>&1 >/dev/null; echo "rc=$?")" 'rc=2'
check_match "-V prints a version" "$(dtrace -V)" '^dtrace: sdtkit [0-9]'
check_fails "-h with a missing script fails" dtrace -h -s nosuch.d -o x.h
check_fails "... and writes nothing" test -e x.h
done_testing
