# SPDX-License-Identifier: MIT
# sdtkit.m4 — autoconf support for USDT probes built with sdtkit's dtrace.
# Installed into aclocal's directory; in configure.ac:
#
#   SDTKIT_DTRACE
#
# SDTKIT_DTRACE([ACTION-IF-ENABLED], [ACTION-IF-DISABLED])
# ---------------------------------------------------------
# Adds --enable-dtrace[=yes|no|auto] (auto by default: the probes are built
# when sdtkit's dtrace is found).  The dtrace program is, in this order:
# $DTRACE when set (`./configure DTRACE=/path/to/dtrace`), the one named by
# `pkg-config --variable=dtrace sdtkit`, the first `dtrace` in $PATH,
# /usr/lib/sdtkit/bin or /usr/sbin whose `dtrace -V` says sdtkit.  Its `-h`
# is tried on a one-probe provider.  When the probes are built:
#   - DTRACE is substituted (and DTRACEFLAGS, extra options for the rules),
#   - ENABLE_DTRACE is defined to 1 (config.h or -D),
#   - the automake conditional ENABLE_DTRACE is true.
# --enable-dtrace (=yes) without a working sdtkit dtrace is an error;
# --disable-dtrace never looks.
#
# The two make rules (Makefile.am; prov.d is the provider file, prog the
# program or libfoo.la the libtool library whose sources fire its probes):
#
#   if ENABLE_DTRACE
#   # 1. The header, before any source that includes it compiles.
#   BUILT_SOURCES = prov.h
#   CLEANFILES = prov.h
#   prov.h: prov.d
#   	$(AM_V_GEN)$(DTRACE) $(DTRACEFLAGS) -h -s $(srcdir)/prov.d -o $@
#
#   # 2. The link step: -G over the target's own objects, before the link,
#   #    and its output linked in.  A program:
#   prog_LDADD = prov.o
#   prov.o: $(prog_OBJECTS)
#   	$(AM_V_GEN)$(DTRACE) $(DTRACEFLAGS) -G -s $(srcdir)/prov.d -o $@ $(prog_OBJECTS)
#   #    A libtool library: the objects are .lo files; -o prov.lo writes a
#   #    libtool object (.libs/prov.o for the shared library, prov.o for
#   #    the static one, as the operands' .lo files ask):
#   libfoo_la_LIBADD = prov.lo
#   prov.lo: $(libfoo_la_OBJECTS)
#   	$(AM_V_GEN)$(DTRACE) $(DTRACEFLAGS) -G -s $(srcdir)/prov.d -o $@ $(libfoo_la_OBJECTS)
#   CLEANFILES += prov.o prov.lo
#   endif
#
# Without ENABLE_DTRACE the sources use a header of their own whose probe
# macros expand to nothing (see doc/build-integration.md in sdtkit).
AC_DEFUN([SDTKIT_DTRACE],
[AC_ARG_ENABLE([dtrace],
  [AS_HELP_STRING([--enable-dtrace@<:@=yes|no|auto@:>@],
    [build the USDT probes with sdtkit's dtrace (default: auto, when it is found)])],
  [], [enable_dtrace=auto])
AC_ARG_VAR([DTRACE], [sdtkit's dtrace program (default: searched)])
AC_ARG_VAR([DTRACEFLAGS], [extra options for dtrace -h and -G])
sdtkit_dtrace_ok=no
AS_CASE([$enable_dtrace],
  [yes|auto],
  [AC_MSG_CHECKING([for sdtkit's dtrace])
   AS_IF([test -n "$DTRACE"],
     [sdtkit_dtrace_candidates=$DTRACE],
     [sdtkit_dtrace_candidates=
      AS_IF([test -n "$PKG_CONFIG" || command -v pkg-config >/dev/null 2>&1],
        [sdtkit_dtrace_pc=`${PKG_CONFIG:-pkg-config} --variable=dtrace sdtkit 2>/dev/null`
         test -n "$sdtkit_dtrace_pc" && sdtkit_dtrace_candidates=$sdtkit_dtrace_pc])
      sdtkit_save_IFS=$IFS; IFS=$PATH_SEPARATOR
      for sdtkit_dir in $PATH /usr/lib/sdtkit/bin /usr/sbin; do
        IFS=$sdtkit_save_IFS
        test -z "$sdtkit_dir" && sdtkit_dir=.
        sdtkit_dtrace_candidates="$sdtkit_dtrace_candidates $sdtkit_dir/dtrace"
      done
      IFS=$sdtkit_save_IFS])
   for sdtkit_dtrace in $sdtkit_dtrace_candidates; do
     test -x "$sdtkit_dtrace" || continue
     AS_IF([test -z "$DTRACE"],
       [$sdtkit_dtrace -V 2>/dev/null | grep sdtkit >/dev/null 2>&1 || continue])
     cat > conftest.d <<_SDTKIT_EOF
provider conftest { probe ping(int); };
_SDTKIT_EOF
     AS_IF([$sdtkit_dtrace -h -s conftest.d -o conftest.h >&AS_MESSAGE_LOG_FD 2>&1 && test -s conftest.h],
       [sdtkit_dtrace_ok=yes; DTRACE=$sdtkit_dtrace])
     rm -f conftest.d conftest.h
     test $sdtkit_dtrace_ok = yes && break
   done
   AS_IF([test $sdtkit_dtrace_ok = yes], [AC_MSG_RESULT([$DTRACE])], [AC_MSG_RESULT([no])])
   AS_IF([test $sdtkit_dtrace_ok = no && test "x$enable_dtrace" = xyes],
     [AC_MSG_ERROR([--enable-dtrace: no working sdtkit dtrace found (set DTRACE=/path/to/dtrace, or see config.log)])])],
  [no], [],
  [AC_MSG_ERROR([--enable-dtrace=$enable_dtrace: expected yes, no or auto])])
AS_IF([test $sdtkit_dtrace_ok = yes],
  [AC_DEFINE([ENABLE_DTRACE], [1], [Define to 1 to build the USDT probes (sdtkit's dtrace).])
   $1],
  [DTRACE=
   $2])
AC_SUBST([DTRACE])
AC_SUBST([DTRACEFLAGS])
m4_ifdef([AM_CONDITIONAL],
  [AM_CONDITIONAL([ENABLE_DTRACE], [test $sdtkit_dtrace_ok = yes])])
])
