#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-unwind.sh — ustack() on binaries built the way distributions
# build them (-O2, no frame pointers): the stacks are unwound through DWARF
# CFI (doc/unwinding.md).  gcc and clang programs six calls deep show every
# frame down to main, as records and as aggregation keys (from a pid probe at
# the function's entry and from a system call, whose registers are the
# user's saved ones); C++ names are demangled (-x nodemangle keeps them);
# -x oformat=folded matches the normal output line by line; -x oformat=svg
# is valid XML with one rectangle per frame path, and renders in Chromium.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
gcc -O2 -fomit-frame-pointer -g0 "$data/unwind-deep.c" -o deep-gcc || fail "build deep-gcc"
clang -O2 -fomit-frame-pointer -g0 "$data/unwind-deep.c" -o deep-clang || fail "build deep-clang"
g++ -O2 -g0 "$data/unwind-cxx.cc" -o cxx || fail "build cxx"
for b in deep-gcc deep-clang; do
  check_eq "$b: no function keeps a frame pointer (no push %rbp; mov %rsp,%rbp)" \
    "$(objdump -d --no-show-raw-insn "$b" | grep -A1 -E 'push +%rbp$' | grep -c 'mov +%rsp,%rbp')" 0
done

# module`func+0x.. lines -> func, one per line
names () { sed -nE 's/^ {14}([^ `][^`]*`)?([^ ].*)$/\2/p' | sed -E 's/\+0x[0-9a-f]+$//'; }
chain='f6 f5 f4 f3 f2 f1 main'
# the processes run long (20000 rounds); dtrace exits after a few hits, so
# the process is alive while its stacks are unwound and symbolised
for b in deep-gcc deep-clang; do
  "$DTRACE" -q -n "pid\$target::f6:entry { n++; ustack(); } pid\$target::f6:entry /n == 3/ { exit(0); }" \
    -c "./$b 20000" >"$b-entry.out" 2>"$b-entry.err"
  got=$(awk 'BEGIN { RS = "" } NR == 1' "$b-entry.out" | names | head -7 | tr '\n' ' ')
  check_eq "$b: pid f6:entry ustack(): all six functions, then main" "$got" "$chain "
  check_match "$b: ... then the C library and _start" "$(awk 'BEGIN { RS = "" } NR == 1' "$b-entry.out" | tr '\n' ' ')" \
    'libc[^`]*`__libc_start_main\+0x[0-9a-f]+.*'"$b"'`_start'
  "$DTRACE" -q -n "syscall::read:entry /pid == \$target && (int) arg0 == -1/ { @[ustack()] = count(); n++; }
                   syscall::read:entry /n == 25/ { exit(0); }" -c "./$b 20000" >"$b-agg.out" 2>"$b-agg.err"
  check_eq "$b: @[ustack()] from syscall::read: one key (every hit the same stack)" \
    "$(grep -cE '^ +[0-9]+$' "$b-agg.out")" 1
  check_match "$b: ... counted at least 25 times" "$(tail -2 "$b-agg.out")" '^ +(2[5-9]|[3-9][0-9]|[0-9]{3,})$'
  check_eq "$b: ... read, then the six functions, then main" \
    "$(names <"$b-agg.out" | sed -n '2,8p' | tr '\n' ' ')" "$chain "
  check_match "$b: ... the innermost frame is the C library's read" "$(names <"$b-agg.out" | head -1)" 'read$'
done

# --- C++: demangled by default, in ustack(), ufunc() and -l; -x nodemangle keeps them
"$DTRACE" -q -n 'syscall::read:entry /pid == $target && (int) arg0 == -1/ { @[ustack(4)] = count(); n++; }
                 pid$target::*measure*:entry { @f[ufunc(uregs[R_PC])] = count(); }
                 syscall::read:entry /n == 10/ { exit(0); }' -c "./cxx 20000" >cxx.out 2>cxx.err
check_eq "C++ ustack(): demangled names" "$(awk 'BEGIN { RS = "" } /area/' cxx.out | names | sed -n '2,4p')" \
  "$(printf '%s\n' 'shapes::Box<int>::area(int) const' 'shapes::measure(shapes::Box<int> const&, int)' main)"
check_match "C++ ufunc(): demangled" "$(cat cxx.out)" '^  cxx`shapes::measure\(shapes::Box<int> const&, int\) +[0-9]+$'
"$DTRACE" -q -x nodemangle -n 'syscall::read:entry /pid == $target && (int) arg0 == -1/ { ustack(3); exit(0); }' \
  -c "./cxx 20000" >cxxm.out 2>cxxm.err
check_eq "-x nodemangle: mangled names" "$(names <cxxm.out | sed -n '2,3p' | tr '\n' ' ')" \
  "_ZNK6shapes3BoxIiE4areaEi _ZN6shapes7measureERKNS_3BoxIiEEi "
"$DTRACE" -l -n 'pid$target:cxx::entry' -c ./cxx >cxxl.out 2>cxxl.err
check_match "dtrace -l: demangled function names" "$(cat cxxl.out)" \
  ' cxx +shapes::Box<int>::area\(int\) const entry$'
"$DTRACE" -l -x nodemangle -n 'pid$target:cxx::entry' -c ./cxx >cxxlm.out 2>cxxlm.err
check_match "dtrace -l -x nodemangle: mangled" "$(cat cxxlm.out)" ' cxx +_ZNK6shapes3BoxIiE4areaEi entry$'

# --- -x oformat=folded: printa(@) prints the aggregation as usual in END,
# then the exit prints it folded: the two must say the same
prog='pid$target::f6:entry, pid$target::f4:entry, pid$target::f2:entry { @[ustack()] = count(); @k[probefunc, ustack(3)] = count(); }
      pid$target::f6:entry { n++; } pid$target::f6:entry /n == 20/ { exit(0); }
      END { printa(@); printf("FOLDED\n"); }'
"$DTRACE" -q -x oformat=folded -n "$prog" -c "./deep-gcc 20000" >fold.out 2>fold.err
sed '/^FOLDED$/,$d' fold.out >fold-normal.out
sed '1,/^FOLDED$/d' fold.out >fold-lines.out
# the normal output folded by hand: frames without offsets, outermost first
want=$(awk 'BEGIN { RS = "" } {
    line = ""; for (i = NF - 1; i >= 1; i--) { f = $i; sub(/\+0x[0-9a-f]+$/, "", f); line = line (line == "" ? "" : ";") f }
    sum[line] += $NF } END { for (l in sum) print l, sum[l] }' fold-normal.out | sort)
got=$(grep -v '^[a-z0-9]*;' fold-lines.out | grep ';' | sort)
check_eq "folded: @[ustack()] line by line equals its normal output, folded" "$got" "$want"
check_eq "folded: three stacks (f6, f4, f2)" "$(printf '%s\n' "$got" | grep -c .)" 3
check_match "folded: outermost first, main before f1 before f2" "$got" '`main;[^;]*`f1;[^;]*`f2 [0-9]+$'
check_match "folded: other keys come first: probefunc;frames" "$(cat fold-lines.out)" '^f6;[^ ]*`f5;[^ ]*`f6 [0-9]+$'

# --- -x oformat=svg -o flame.svg
"$DTRACE" -q -x oformat=svg -o flame.svg -n 'pid$target::f6:entry, pid$target::f4:entry, pid$target::f2:entry { @[ustack()] = count(); }
      pid$target::f6:entry { n++; } pid$target::f6:entry /n == 20/ { exit(0); }' -c "./deep-gcc 20000" >svg.out 2>svg.err
"$DTRACE" -q -x oformat=folded -n 'pid$target::f6:entry, pid$target::f4:entry, pid$target::f2:entry { @[ustack()] = count(); }
      pid$target::f6:entry { n++; } pid$target::f6:entry /n == 20/ { exit(0); }' -c "./deep-gcc 20000" >svgf.out 2>svgf.err
check_eq "svg: nothing on stdout" "$(cat svg.out)" ""
# distinct frame paths of the same aggregation (the stacks do not vary): every prefix, plus the root
paths=$(grep ';' svgf.out | awk '{ sub(/ [0-9]+$/, ""); n = split($0, f, ";"); p = ""; for (i = 1; i <= n; i++) { p = p ";" f[i]; print p } }' | sort -u | wc -l)
check "svg: valid XML, one <rect> per distinct frame path ($paths) and the root, each titled" python3 - flame.svg "$((paths + 1))" <<'PY'
import sys, xml.dom.minidom
doc = xml.dom.minidom.parse(sys.argv[1])
rects = doc.getElementsByTagName("rect")
assert len(rects) == int(sys.argv[2]), (len(rects), sys.argv[2])
for r in rects:
    g = r.parentNode
    t = g.getElementsByTagName("title")
    assert g.tagName == "g" and t and "samples" in t[0].firstChild.data, g.toxml()
    assert float(r.getAttribute("width")) > 0
assert not doc.getElementsByTagName("script")
titles = [g.getElementsByTagName("title")[0].firstChild.data for g in doc.getElementsByTagName("g")]
assert any(t.startswith("deep-gcc`main ") for t in titles), titles
PY

# a real browser draws it: a headless Chromium screenshot that is not blank
if command -v chromium >/dev/null; then
  printf '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="200"></svg>\n' >blank.svg
  for f in flame blank; do
    timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,300 \
      --user-data-dir="$T/chromium" --screenshot="$T/$f.png" "file://$T/$f.svg" >/dev/null 2>&1
  done
  check "chromium: the flame graph screenshot has colour where a blank SVG's has none" python3 - flame.png blank.png <<'PY'
import sys, struct, zlib
def pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR": hdr = struct.unpack(">IIBBBBB", body)
        if kind == b"IDAT": idat += body
        pos += 12 + n
    w, h, depth, ctype = hdr[:4]
    bpp = {2: 3, 6: 4}[ctype]
    raw, out, prev = zlib.decompress(idat), [], bytearray(w * bpp)
    stride = w * bpp
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.append(bytes(line)); prev = line
    return w, bpp, out
def colourful(path):
    w, bpp, rows = pixels(path)
    n = 0
    for row in rows[::4]:
        for x in range(0, w, 4):
            r, g, b = row[x * bpp:x * bpp + 3]
            n += r > 180 and b < 120 and r - b > 80      # the flame palette: warm
    return n
f, b = colourful(sys.argv[1]), colourful(sys.argv[2])
assert b == 0 and f > 500, (f, b)
PY
else
  skip "chromium is not installed (quickstart installs it)"
fi
done_testing
