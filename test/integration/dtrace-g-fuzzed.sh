#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# dtrace-g-fuzzed.sh — `dtrace -G` on objects that fuzzing (test/fuzz/,
# fuzz-dtrace-g) found to misbehave, each as the command line sees it:
#  - a section alignment of 2^32 in a 1.5 KB call-style object made -G
#    write a 4 GB object over it (libelf pads to every alignment): now an
#    error naming the section, and the object is untouched;
#  - many sections whose alignments are each within the file, but whose
#    padding together would make the object hundreds of times larger: an
#    error too.
. "$SRCDIR/test/lib.sh"

cat > fz.d <<'D'
provider fz {
  probe hit(int a, long b);
  probe go();
  probe str(const char *s, unsigned short u, char c);
  probe many(int, int, int, int, int, int, int, long);
};
provider fzb {
  probe other(uint64_t x);
};
D

cp "$SRCDIR/test/fuzz/regressions/dtrace-g/align-4g-shstrtab.o" in.o
cp in.o in.save
out=$("$DTRACE" -G -s fz.d -o g.o in.o 2>&1); rc=$?
check_eq "2^32 alignment: exit 1" "$rc" 1
check_match "the error names the section" "$out" \
  "in\.o: truncated or corrupt ELF file: section 8 has an alignment larger than the file$"
check "the object is byte-identical and small, no -G object" \
  sh -c 'cmp in.o in.save && test "$(stat -c %s in.o)" -lt 4096 && test ! -e g.o'

# 300 call-style functions, one section each, every section's alignment
# raised to the largest power of two within the file.
{ echo 'extern void __dtrace_fz___go (void);'
  for i in $(seq 300); do echo "void f$i (void) { __dtrace_fz___go (); }"; done; } > many.c
gcc -O2 -ffunction-sections -c many.c -o many.o || fail "compile many.o"
python3 - many.o <<'PY'
import struct, sys
path = sys.argv[1]
b = bytearray(open(path, 'rb').read())
shoff, = struct.unpack_from('<Q', b, 0x28)
shentsize, shnum = struct.unpack_from('<HH', b, 0x3a)
align = 1 << (len(b).bit_length() - 1)
for i in range(1, shnum):
    h = shoff + i * shentsize
    stype, = struct.unpack_from('<I', b, h + 4)
    if stype == 1:   # PROGBITS
        struct.pack_into('<Q', b, h + 48, align)
open(path, 'wb').write(b)
PY
cp many.o many.save
out=$("$DTRACE" -G -s fz.d -o g.o many.o 2>&1); rc=$?
check_eq "alignments that would pad the object hugely: exit 1" "$rc" 1
check_match "the error says why" "$out" \
  "cannot write many\.o: the alignments of the sections of many\.o would make it [0-9]+ bytes \(corrupt file\?\)$"
check "the object is byte-identical, no -G object" sh -c 'cmp many.o many.save && test ! -e g.o'

# The same object with its alignments as the compiler made them links.
gcc -O2 -ffunction-sections -c many.c -o many.o
check "the real object links" "$DTRACE" -G -s fz.d -o g.o many.o
check_eq "300 sites linked" "$(readelf -n many.o | grep -c 'Name: go')" 300
done_testing
