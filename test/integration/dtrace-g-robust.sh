#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# dtrace-g-robust.sh — `dtrace -G` and the front end's outputs under damage
# and interruption (issue #12):
#  - a call-style object whose section header lies (.rela.text retyped to
#    SHT_NULL, its offset past the end of the file) is refused with an error
#    naming the file and the section, and the object stays byte-identical;
#  - -G killed with SIGKILL at any moment leaves no temp file behind, and
#    every object is either the original or the fully linked one;
#  - a full disk names the file and the reason (ENOSPC), for -G and -h.
. "$SRCDIR/test/lib.sh"

cat > p.d <<'D'
provider p {
  probe hit(int a, long b);
};
D
"$DTRACE" -h -x callstyle -s p.d -o p.h || fail "-h -x callstyle"
printf '#include "p.h"\nvoid f (int a, long b) { P_HIT (a, b); }\n' > u.c
gcc -O2 -c u.c -o u.o || fail "compile a call-style object"

# ---- 12.1: a section header pointing past the end of the file ----------
# shdr_patch FILE NAME TYPE OFFSET: rewrite section NAME's sh_type and
# sh_offset (ELF64 little-endian).
shdr_patch () {
  python3 - "$@" <<'PY'
import struct, sys
path, name, stype, off = sys.argv[1], sys.argv[2].encode(), int(sys.argv[3]), int(sys.argv[4], 0)
b = bytearray(open(path, 'rb').read())
shoff, = struct.unpack_from('<Q', b, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from('<HHH', b, 0x3a)
def shdr(i):
    return shoff + i * shentsize
stroff, = struct.unpack_from('<Q', b, shdr(shstrndx) + 24)
for i in range(shnum):
    n, = struct.unpack_from('<I', b, shdr(i))
    end = b.index(b'\0', stroff + n)
    if bytes(b[stroff + n:end]) == name:
        struct.pack_into('<I', b, shdr(i) + 4, stype)
        struct.pack_into('<Q', b, shdr(i) + 24, off)
        open(path, 'wb').write(b)
        print(i)
        sys.exit(0)
sys.exit("no section " + name.decode())
PY
}
cp u.o bad.o
size=$(stat -c %s bad.o)
idx=$(shdr_patch bad.o .rela.text 0 $((size + 65536)))
cp bad.o bad.save
out=$("$DTRACE" -G -s p.d -o bad-out.o bad.o 2>&1); rc=$?
check_eq "SHT_NULL .rela.text past the end of the file: exit 1" "$rc" 1
check_match "the error names the file and the section" "$out" \
  "^dtrace: bad\.o: truncated or corrupt ELF file: section $idx \(\.rela\.text\) lies beyond the end of the file$"
check "the object is byte-identical, no -G object written" \
  sh -c 'cmp bad.o bad.save && test ! -e bad-out.o'

# The same lie in a section of another type, and a link to no section.
cp u.o bad2.o
idx=$(shdr_patch bad2.o .text 1 $((size + 16)))
cp bad2.o bad2.save
out=$("$DTRACE" -G -s p.d -o bad2-out.o bad2.o 2>&1); rc=$?
check_match ".text past the end of the file: refused, naming it" "$rc:$out" \
  "^1:dtrace: bad2\.o: truncated or corrupt ELF file(: section $idx \(\.text\) lies beyond the end of the file)?$"
check "that object is byte-identical too" cmp bad2.o bad2.save

# ---- 12.3: SIGKILL at any moment ---------------------------------------
# 200 objects with call-style sites; a reference run gives the linked bytes
# of one (every copy links to the same bytes) and the -G object.
mkdir ref kill
cp u.o ref/u.o
"$DTRACE" -G -s p.d -o ref/g.o ref/u.o || fail "reference -G"
check_match "the reference object is linked" "$(readelf -n ref/u.o 2>&1)" 'Provider: p'
nobj=200
mkdir orig
for i in $(seq 1 $nobj); do cp u.o orig/u$i.o; done
cp -a orig/. kill/
( cd kill && "$DTRACE" -G -s ../p.d -o g.o u*.o ) || fail "-G over $nobj objects"
sum_orig=$(md5sum < u.o) sum_linked=$(md5sum < ref/u.o) sum_g=$(md5sum < ref/g.o)
# state DIR: one line per file that is neither original nor linked, and
# per file that should not be there.
state () {
  (cd "$1" && md5sum -- *) | while read -r sum name; do
    case $name in
      u*.o) [ "$sum  -" = "$sum_orig" ] || [ "$sum  -" = "$sum_linked" ] || echo "torn $name" ;;
      g.o) [ "$sum  -" = "$sum_g" ] || echo "torn $name" ;;
    esac
  done
  (cd "$1" && ls -A) | grep -Ev '^(u[0-9]+\.o|g\.o)$' | sed 's/^/stray /'
}
check_eq "a complete run over $nobj objects links them all" \
  "$(cd kill && md5sum u*.o g.o | awk '{print $1}' | sort | uniq -c | awk '{print $1}' | sort -n | tr '\n' ' ')" "1 $nobj "
strays=0 torn=0 killed=0 trials=25
for trial in $(seq 1 $trials); do
  rm -rf kill && cp -a orig kill
  ( cd kill && exec "$DTRACE" -G -s ../p.d -o g.o u*.o ) 2>/dev/null &
  pid=$!
  sleep "$(printf '0.%03d' $(( (trial * 37 + RANDOM) % 150 )))"
  kill -9 $pid 2>/dev/null && killed=$((killed + 1))
  wait $pid 2>/dev/null
  # Objects are named by a helper that outlives a kill (common/unnamed-file.c):
  # give it the moment it needs to finish.  A temp file left for good stays.
  for _ in $(seq 1 30); do st=$(state kill); [ -z "$st" ] && break; sleep 0.1; done
  if [ -n "$st" ]; then
    printf '%s\n' "$st" | sed "s/^/    trial $trial: /" | head -5
    case $st in *stray*) strays=$((strays + 1)) ;; esac
    case $st in *torn*) torn=$((torn + 1)) ;; esac
  fi
done
check_eq "-G killed with SIGKILL ($killed of $trials runs killed): no temp file left" "$strays" 0
check_eq "every object original or fully linked, the -G object absent or whole" "$torn" 0

# ---- 12.9: a full disk says so, naming the file --------------------------
mkdir full
if mount -t tmpfs -o size=64k tmpfs full 2>/dev/null; then
  trap 'umount "$T/full" 2>/dev/null; kill $(jobs -p) 2>/dev/null; rm -rf "$T"' EXIT
  cp u.o full/u.o && cp u.o full/u.save
  dd if=/dev/zero of=full/fill bs=4k count=64 2>/dev/null   # fails when full: that is the point
  out=$("$DTRACE" -h -s p.d -o full/p.h 2>&1); rc=$?
  check_match "-h on a full disk: the file and the reason" "$rc:$out" \
    '^1:dtrace: cannot write full/p\.h: No space left on device$'
  out=$("$DTRACE" -G -s p.d -o full/g.o 2>&1); rc=$?
  check_match "-G object on a full disk: the file and the reason" "$rc:$out" \
    '^1:dtrace: cannot write full/g\.o: elf_update: No space left on device$'
  out=$("$DTRACE" -G -s p.d -o g-full.o full/u.o 2>&1); rc=$?
  check_match "a call-style object rewritten on a full disk: the file and the reason" "$rc:$out" \
    '^1:dtrace: cannot write full/u\.o: elf_update: No space left on device$'
  check "nothing written there, the object unchanged" \
    sh -c 'cmp full/u.o full/u.save && test ! -e g-full.o && test -z "$(ls -A full | grep -Ev "^(u\.o|u\.save|fill)$")"'
  umount full
else
  skip "cannot mount a tmpfs (not root?): the full-disk messages are not tested"
fi

done_testing
