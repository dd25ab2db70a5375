#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# cross-arch.sh — the build side on every architecture Debian builds
# (issue #27): aarch64, armhf, i686, ppc64el, s390x, riscv64, with Debian's
# cross compilers and qemu-user.
#
# Per architecture, one probed program (C; C++ too where the cross g++ is
# installed) is built three ways and run under qemu-user:
#   ours   our `dtrace -h` header, `dtrace -G` semaphore object; the program
#          raises one semaphore itself and checks *_ENABLED() sees it;
#   sdt    the same probes through systemtap's <sys/sdt.h> (a copy of the
#          host's, with -I: the cross sysroots lack it), no semaphores;
#   call   `dtrace -h -x callstyle` + `dtrace -G` (every machine links and
#          runs, each site on a nop of the linked program; armhf in Thumb-2
#          and in ARM state).
# gdb-multiarch, attached to qemu-user's gdbstub, stops at the probes of
# ours and call and reads the argument values.
# Then `dtrace -l -v -m` must describe every probe of each build with every
# argument decoded, ours and call-style must agree with sdt on probes,
# argument counts, sizes and signedness, and gdb-multiarch's `info probes`
# must list the same probes.  Besides: the header under C89/C++98 -pedantic
# -fPIC in a shared library, and compiled by clang 14; a big-endian ppc64
# call-style object refused by name.  Few compiles: one -O2 and one -O0
# object per build (the -O0 one compiled and given to -G, not linked).
. "$SRCDIR/test/lib.sh"

# arch  triple  qemu-user
arches='aarch64 aarch64-linux-gnu qemu-aarch64-static
armhf arm-linux-gnueabihf qemu-arm-static
i686 i686-linux-gnu qemu-i386-static
ppc64el powerpc64le-linux-gnu qemu-ppc64le-static
s390x s390x-linux-gnu qemu-s390x-static
riscv64 riscv64-linux-gnu qemu-riscv64-static'

sdt_h=
for d in /usr/include/sys /usr/include/*-linux-gnu*/sys; do
  [ -f "$d/sdt.h" ] && { sdt_h=$d; break; }
done
if [ -z "$sdt_h" ]; then
  skip "no <sys/sdt.h> (systemtap-sdt-dev) to compare with"
  done_testing
fi
mkdir -p inc/sys && cp "$sdt_h"/sdt*.h inc/sys/

cat >demo.d <<'EOF'
provider demo {
  probe three(int, long, char *);
  probe four(unsigned char, int, struct s *, long long);
  probe two(short, long, char);
  probe zero();
  probe nine(int, int, int, int, int, int, int, int, long long);
};
EOF
check "dtrace -h" "$DTRACE" -h -s demo.d -o ours.h
check "dtrace -h -x callstyle" "$DTRACE" -h -x callstyle -s demo.d -o call.h
cat >sdt.h <<'EOF'
#include <sys/sdt.h>
#define DEMO_THREE(a, b, c) DTRACE_PROBE3 (demo, three, a, b, c)
#define DEMO_FOUR(a, b, c, d) DTRACE_PROBE4 (demo, four, a, b, c, d)
#define DEMO_TWO(a, b, c) DTRACE_PROBE3 (demo, two, a, b, c)
#define DEMO_ZERO() DTRACE_PROBE (demo, zero)
#define DEMO_NINE(a, b, c, d, e, f, g, h, i) DTRACE_PROBE9 (demo, nine, a, b, c, d, e, f, g, h, i)
EOF
cat >app.c <<'EOF'
#include <stdio.h>
#include PROBES
struct s { int a; long b; };
static volatile int vi = 3;
/* a call before the sites: riscv's linker relaxation shrinks it, moving them */
__attribute__ ((noinline)) static void
touch (void)
{
  vi = vi + 0;
}
__attribute__ ((noinline)) static int
work (int x, long y, char *p, unsigned char c, long long ll, short sh, struct s *sp)
{
  touch ();
  DEMO_THREE (x, y, p);
  DEMO_FOUR (c, 5, sp, ll);
  DEMO_TWO (sh, sp->b, (char) c);   /* plain char: unsigned but on x86 */
  touch ();
  DEMO_ZERO ();
  touch ();
  DEMO_NINE (1, 2, 3, 4, 5, 6, 7, x + 5, ll + 6);   /* some on the stack everywhere */
  return x + (int) y + (int) c;
}
int
main (int argc, char **argv)
{
  struct s g = { 1, 2 };
  int enabled = -1;
#ifdef DEMO_THREE_ENABLED
  enabled = DEMO_THREE_ENABLED () != 0;
  demo_three_semaphore++;
  enabled = enabled * 10 + (DEMO_THREE_ENABLED () != 0);
#endif
  printf ("sum %d enabled %d\n", work (vi, vi * 2L, argv[0], (unsigned char) argc, vi, -2, &g),
          enabled);
  return 0;
}
EOF
cp app.c app.cc

# The header in the strictest modes, in a shared library: C89 and C++98
# -pedantic at -O3/-O1 -fPIC (both standards' limits on string literals and
# macros hold on every machine's branch).
cat >lib.c <<'EOF'
#include "ours.h"
struct s;
int lib_fire (int x, long y, char *p);
int
lib_fire (int x, long y, char *p)
{
  DEMO_THREE (x, y, p);
  if (DEMO_ZERO_ENABLED ())
    DEMO_ZERO ();
  return x;
}
EOF
cp lib.c lib.cc

# The notes of FILE as `dtrace -l -v` reads them: "provider:name sizes..."
# per site, sorted; an undecodable argument shows as "UNDECODABLE".
notes_of () {
  "$DTRACE" -l -v -m "$1" | awk '
    /^ *[0-9]+ / { prov = $2; name = $NF; next }
    /^\t\tsite / { if (line != "") print line; line = prov ":" name; next }
    /^\t\t\targ[0-9]+:/ {
      if ($0 ~ /undecodable/) line = line " UNDECODABLE " $2
      else { for (i = 3; i <= NF; i++) if ($i ~ /-byte$/) { line = line " " ($(i+1) == "signed" ? "-" : "") $i } }
    }
    END { if (line != "") print line }' | sort
}
probes_of () { notes_of "$1" | awk '{ print $1 }' | sort -u; }
gdb_probes_of () {
  gdb-multiarch -nx -batch -ex 'info probes' "$1" 2>/dev/null \
    | awk '$1 == "stap" { print $2 ":" $3 }' | sort -u
}

# The instruction at each site of FILE, in address order (its objdump,
# TRIPLE-objdump): "nop" when the site is a nop that does not follow
# another nop (a note pc one instruction off would land on a call
# sequence's second nop), else what is there.
sites_at () {
  local a here prev
  for a in $("$DTRACE" -l -v -m "$1" | awk '/^\t\tsite 0x/ { print $2 }' | sort); do
    here=$(first_insn "$1" "$2" $((a)) $((a + 8)))
    prev=$(first_insn "$1" "$2" $((a - 4)) $((a)))
    [ "$here" = nop ] && [ "$prev" = nop ] && here=nop-after-nop
    echo "$here"
  done | tr '\n' ' ' | sed 's/ $//'
}
# The mnemonic of the first instruction of FILE between FROM and TO (nop.w: nop).
first_insn () {
  $2-objdump -d --start-address=$3 --stop-address=$4 "$1" \
    | awk -F'\t' '/^ *[0-9a-f]+:/ && NF >= 3 { split($3, w, " "); sub(/\.w$/, "", w[1]); print w[1]; exit }'
}

# gdb_values PROG QEMU TRIPLE: PROG run under QEMU's gdbstub, stopped by
# gdb-multiarch at demo:three, demo:four and demo:two in turn (gdb raises
# the semaphores itself; "hit" at each stop), printing the arguments as gdb
# decodes them.  gdb 13 reads no probe arguments on riscv ("not fully
# implemented on this target"): there only the stops are checked.
gdb_values () {
  local try out
  for try in 1 2 3; do   # another port when the random one was taken
    out=$(gdb_values_once "$@")
    case $out in hit*) break;; esac
  done
  printf '%s\n' "$out"
}
gdb_values_once () {
  local port=$((20000 + RANDOM % 20000)) qpid
  $2 -g $port -L /usr/$3 ./$1 x >"$1.qemu.out" 2>&1 & qpid=$!
  timeout 60 gdb-multiarch -nx -batch -ex "set sysroot /usr/$3" -ex "file $1" \
    -ex "target remote :$port" -ex 'break -probe-stap demo:three' \
    -ex 'break -probe-stap demo:four' -ex 'break -probe-stap demo:two' \
    -ex 'break -probe-stap demo:nine' \
    -ex c -ex 'echo hit\n' -ex 'printf "three %d %d\n", $_probe_arg0, $_probe_arg1' \
    -ex c -ex 'echo hit\n' -ex 'printf "four %d %d %d\n", $_probe_arg0, $_probe_arg1, $_probe_arg3' \
    -ex c -ex 'echo hit\n' -ex 'printf "two %d %d %d\n", $_probe_arg0, $_probe_arg1, $_probe_arg2' \
    -ex c -ex 'echo hit\n' -ex 'printf "nine %d %d %d %d\n", $_probe_arg0, $_probe_arg5, $_probe_arg7, $_probe_arg8' \
    -ex kill </dev/null 2>&1 | grep -E '^(hit|three|four|two|nine)( |$)' | tr '\n' ' ' | sed 's/ $//'
  kill $qpid 2>/dev/null; wait $qpid 2>/dev/null
}

check_same () {
  if [ "$2" = "$3" ]; then ok "$1"
  else
    fail "$1"
    diff -u <(printf '%s\n' "$3") <(printf '%s\n' "$2") | sed -n '3,30p' | sed 's/^/    /'
  fi
}

# build ARCH TRIPLE QEMU TAG CC HEADER [-G]: compile app with HEADER at -O2
# and -O0 (two objects), link (after -G when asked), run under qemu; the
# program is ./TAG-ARCH.
build_run () {
  local arch=$1 triple=$2 qemu=$3 tag=$4 cc=$5 hdr=$6 dog=${7:-}
  local src=app.c; case $cc in *++) src=app.cc;; esac
  local out=$tag-$arch
  if ! $triple-$cc ${XCFLAGS:-} -O2 -Wall -Wextra -Werror -Iinc -DPROBES="\"$hdr\"" -c $src -o $out.o 2>$out.err \
     || ! $triple-$cc ${XCFLAGS:-} -O0 -Wall -Wextra -Werror -Iinc -DPROBES="\"$hdr\"" -c $src -o $out-O0.o 2>>$out.err; then
    fail "$arch $tag ($cc): compiles at -O2 and -O0"; sed 's/^/    /' $out.err | head -10; return 1
  fi
  ok "$arch $tag ($cc): compiles at -O2 and -O0"
  local objs="$out.o"
  if [ -n "$dog" ]; then
    # the -O0 object too: its sites' memory operands ("8@[sp, 16]") are
    # checked against the .d, its calls linked
    if ! "$DTRACE" -G -s demo.d -o $out-sem.o $out.o $out-O0.o 2>$out.err; then
      fail "$arch $tag: dtrace -G (-O2 and -O0 objects)"; sed 's/^/    /' $out.err | head -10; return 1
    fi
    objs="$out.o $out-sem.o"
  fi
  if ! $triple-$cc $objs -o $out 2>$out.err; then
    fail "$arch $tag: links"; sed 's/^/    /' $out.err | head -10; return 1
  fi
  local got
  got=$($qemu -L /usr/$triple ./$out x 2>&1)
  case $tag in
    sdt) check_eq "$arch $tag: runs under qemu-user" "$got" "sum 11 enabled -1" ;;
    *) check_eq "$arch $tag: runs under qemu-user, *_ENABLED() follows its semaphore" "$got" "sum 11 enabled 1" ;;
  esac
  return 0
}

while read -r arch triple qemu; do
  missing=
  for tool in $triple-gcc $qemu gdb-multiarch; do
    command -v $tool >/dev/null || missing="$missing $tool"
  done
  if [ -n "$missing" ]; then
    skip "$arch: not installed:$missing"
    continue
  fi
  values="hit three 3 6 hit four 2 5 3 hit two -2 2 2 hit nine 1 6 8 9"
  [ $arch = riscv64 ] && values="hit hit hit hit"
  build_run $arch $triple $qemu sdt gcc sdt.h || continue
  want=$(notes_of sdt-$arch)
  check_eq "$arch sdt: 5 probes, every argument decoded by dtrace -l -v" \
    "$(probes_of sdt-$arch | tr '\n' ' '):$(grep -c UNDECODABLE <<<"$want")" \
    "demo:four demo:nine demo:three demo:two demo:zero :0"
  check_same "$arch sdt, -O0: every argument decoded" "$(notes_of sdt-$arch-O0.o)" "$want"

  if build_run $arch $triple $qemu ours gcc ours.h -G; then
    check_same "$arch ours: the same probes, argument counts, sizes and signs as <sys/sdt.h>" \
      "$(notes_of ours-$arch)" "$want"
    check_same "$arch ours, -O0: the same, every argument decoded" "$(notes_of ours-$arch-O0.o)" "$want"
    check_eq "$arch ours: the semaphore object is the objects' machine and class" \
      "$(readelf -h ours-$arch-sem.o | grep -E 'Class|Data|Machine' | tr -s ' ')" \
      "$(readelf -h ours-$arch.o | grep -E 'Class|Data|Machine' | tr -s ' ')"
    check_same "$arch ours: gdb-multiarch info probes lists them" "$(gdb_probes_of ours-$arch)" \
      "$(probes_of sdt-$arch)"
    check_eq "$arch ours: gdb-multiarch, through qemu's gdbstub, reads the argument values" \
      "$(gdb_values ours-$arch $qemu $triple)" "$values"
  fi
  if $triple-gcc -std=c89 -pedantic -Wall -Wextra -Werror -O3 -fPIC -c lib.c -o lib-$arch.o 2>lib.err \
     && "$DTRACE" -G -s demo.d -o lib-sem-$arch.o lib-$arch.o 2>>lib.err \
     && $triple-gcc -shared lib-$arch.o lib-sem-$arch.o -o lib-$arch.so 2>>lib.err; then
    check_eq "$arch ours: C89 -pedantic -O3 -fPIC, a shared library, its probes listed" \
      "$(probes_of lib-$arch.so | tr '\n' ' ')" "demo:three demo:zero "
  else
    fail "$arch ours: C89 -pedantic -O3 -fPIC shared library"; sed 's/^/    /' lib.err | head -5
  fi
  if command -v $triple-g++ >/dev/null; then
    check "$arch ours: C++98 -pedantic -O1 -fPIC compiles" \
      $triple-g++ -std=c++98 -pedantic -Wall -Wextra -Werror -O1 -fPIC -c lib.cc -o libcc-$arch.o
  fi
  # clang 14 too (compile only: the cross sysroot's headers, no clang linker setup)
  if command -v clang >/dev/null; then
    if clang --target=$triple -O2 -Wall -Wextra -Werror -isystem /usr/$triple/include -Iinc \
         -DPROBES='"ours.h"' -c app.c -o clang-$arch.o 2>clang.err; then
      ok "$arch ours (clang): compiles"
      # clang's riscv assembler leaves the notes' sizes to the linker (R_RISCV_ADD32/SUB32)
      [ $arch = riscv64 ] || check_eq "$arch ours (clang): 5 sites, every argument decoded" \
        "$(notes_of clang-$arch.o | grep -vc UNDECODABLE)" 5
    else
      fail "$arch ours (clang): compiles"; sed 's/^/    /' clang.err | head -5
    fi
  else
    skip "$arch ours (clang): no clang"
  fi
  if command -v $triple-g++ >/dev/null; then
    build_run $arch $triple $qemu ourscxx g++ ours.h -G \
      && check_same "$arch ours (C++): the same notes as <sys/sdt.h>'s C" \
           "$(notes_of ourscxx-$arch)" "$want"
  elif [ $arch = aarch64 ]; then
    skip "$arch: no $triple-g++"
  fi

  # call-style: armhf twice, Thumb-2 (Debian's default) and ARM state
  case $arch in armhf) calls="call call-marm";; *) calls=call;; esac
  for tag in $calls; do
    XCFLAGS=; [ $tag = call-marm ] && XCFLAGS=-marm
    if build_run $arch $triple $qemu $tag gcc call.h -G; then
      check_same "$arch $tag: the same probes, argument counts, sizes and signs" \
        "$(notes_of $tag-$arch)" "$want"
      check_same "$arch $tag, -O0: the same" "$(notes_of $tag-$arch-O0.o)" "$want"
      check_same "$arch $tag: gdb-multiarch info probes lists them" \
        "$(gdb_probes_of $tag-$arch)" "$(probes_of sdt-$arch)"
      check_eq "$arch $tag: every site of the linked program is on a nop" \
        "$(sites_at $tag-$arch $triple)" "nop nop nop nop nop"
      check_eq "$arch $tag: gdb-multiarch, through qemu's gdbstub, reads the argument values" \
        "$(gdb_values $tag-$arch $qemu $triple)" "$values"
      cp $tag-$arch.o again.o
      check "$arch $tag: a second -G changes nothing" \
        sh -c "'$DTRACE' -G -s demo.d -o again-sem.o again.o && cmp again.o $tag-$arch.o"
    fi
  done
  XCFLAGS=
done <<<"$arches"

# A machine whose call forms are not known: big-endian ppc64 (ELFv2).
if command -v powerpc64le-linux-gnu-gcc >/dev/null; then
  printf 'extern void __dtrace_demo___zero (void);\nvoid f (void) { __dtrace_demo___zero (); }\n' > be.c
  if powerpc64le-linux-gnu-gcc -mbig-endian -ffreestanding -O2 -c be.c -o be.o 2>be.err; then
    cp be.o be.save
    out=$("$DTRACE" -G -s demo.d -o be-sem.o be.o 2>&1); rc=$?
    check_match "big-endian ppc64 call-style: -G refuses, naming the machine" "$rc:$out" \
      '^1:dtrace: be\.o: calls __dtrace_demo___zero: call-style probe sites cannot be linked in ppc64 \(big-endian\) objects yet'
    check "big-endian ppc64 call-style: the object is left as it was, no output" \
      sh -c "cmp be.o be.save && test ! -e be-sem.o"
  else
    fail "powerpc64le-linux-gnu-gcc -mbig-endian compiles"; sed 's/^/    /' be.err
  fi
fi

done_testing
