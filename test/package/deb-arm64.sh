#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test/package/deb-arm64.sh — the Debian package for arm64, cross-built on
# this machine and installed in an arm64 guest.  Not part of
# test/run-tests: `./quickstart test` runs it once, beside deb.sh.  Needs
# root, dpkg-buildpackage, debhelper, lintian, the aarch64 cross compiler,
# the arm64 -dev packages and pkgconf:arm64 (quickstart installs them), and
# qemu-system-aarch64 with test/vm's arm64 guest.
#
# 1. dpkg-buildpackage -aarm64 -us -uc -b on a copy of the source tree
#    (Debian's cross build: dh_auto_configure passes --host and the
#    triplet's pkg-config); the .deb is arm64, its dtrace an aarch64
#    program; lintian reports no error.
# 2. In the arm64 guest (Debian 12's arm64 kernel under qemu TCG, a root
#    made by test/vm/make-root, on a tmpfs overlay, so nothing persists):
#    dpkg -i, then /usr/bin/dtrace is ours through alternatives, its
#    libraries resolve, and it traces a USDT program built there with its
#    own -h/-G and the guest's gcc; dpkg -r leaves no /usr/bin/dtrace.  The
#    guest's root is unpacked by mmdebstrap without dpkg's database, so
#    dpkg -i takes --force-depends; what the dependencies are for is
#    checked instead (ldd finds every library the package's Depends name).
. "$SRCDIR/test/lib.sh"

[ "$(id -u)" = 0 ] || { skip "the arm64 .deb test needs root"; done_testing; }
for t in dpkg-buildpackage dh lintian aarch64-linux-gnu-gcc aarch64-linux-gnu-pkg-config qemu-system-aarch64; do
  command -v "$t" >/dev/null || { skip "the arm64 .deb test needs $t"; done_testing; }
done

# 1. Build.  The source copy lives under the build tree: the guest sees
#    the directory above it (SDTKIT_VM_SHARE), not this test's /tmp.
w=$BUILDDIR/test/vm-jobs/deb-arm64
rm -rf "$w" && mkdir -p "$w/src"
tar -C "$SRCDIR" --exclude=./.git --exclude='./build*' --exclude=./debian/build \
  --exclude=./debian/sdtkit --exclude=./debian/.debhelper -cf - . | tar -C "$w/src" -xf -
if (cd "$w/src" && DEB_BUILD_OPTIONS="parallel=$(nproc 2>/dev/null || echo 2)" \
      dpkg-buildpackage -aarm64 -us -uc -b) >"$w/build.log" 2>&1; then
  ok "dpkg-buildpackage -aarm64 -us -uc -b (cross)"
else
  fail "dpkg-buildpackage -aarm64 -us -uc -b (cross)"; tail -30 "$w/build.log" | sed 's/^/    /'; done_testing
fi
deb=$(ls "$w"/sdtkit_*_arm64.deb 2>/dev/null | head -1)
check "the arm64 .deb was written" test -s "$deb"
check_eq "its Architecture is arm64" "$(dpkg-deb -f "$deb" Architecture)" arm64
mkdir -p "$w/x" && dpkg-deb -x "$deb" "$w/x"
check_match "its dtrace is an aarch64 program" "$(file -L "$w/x/usr/lib/sdtkit/bin/dtrace")" 'ARM aarch64'
depends=$(dpkg-deb -f "$deb" Depends)
check_match "its Depends name the consumer's libraries (shlibs of arm64)" "$depends" 'libbpf1.*|libelf1'
lintian_out=$(lintian "$deb" 2>&1)
check_eq "lintian: no error or warning" "$(printf '%s\n' "$lintian_out" | grep -E '^[EW]: ')" ""
printf '%s\n' "$lintian_out" | grep -E '^[WI]: ' | sed 's/^/# lintian: /'

# 2. Install, use and remove in the arm64 guest.
data=$SRCDIR/test/integration/data
cat >"$w/job.sh" <<JOB
cd $w
dpkg --force-depends -i $deb >dpkg.log 2>&1; echo "dpkg -i: \$?"
readlink -f /usr/bin/dtrace
ldd /usr/lib/sdtkit/bin/dtrace | grep -c 'not found'
ldd /usr/lib/sdtkit/bin/dtrace | sed -n 's/^[[:space:]]*\(lib[a-z]*\)\.so.*/\1/p' | sort | tr '\n' ' '; echo
dtrace -V
dtrace -h -s $data/target.d -o target.h && gcc -O2 -I. -c $data/target.c -o target.o \
  && dtrace -G -s $data/target.d -o target-sem.o target.o && gcc target.o target-sem.o -o target && echo built
dtrace -q -n 'tgt\$target:::tick { printf("%d %s\n", arg0, copyinstr(arg2)); }' -c "./target 3" 2>trace.err
dpkg -r sdtkit >>dpkg.log 2>&1; echo "dpkg -r: \$?"
test -e /usr/bin/dtrace; echo "dtrace left: \$?"
JOB
out=$(SDTKIT_VM_ARCH=arm64 SDTKIT_VM_SHARE="$(dirname "$BUILDDIR")" "$SRCDIR/test/vm/run-kernel" bookworm bash "$w/job.sh" 2>&1)
check_eq "in the arm64 guest: dpkg -i, /usr/bin/dtrace is ours, every library found" \
  "$(printf '%s\n' "$out" | sed -n '1,3p')" "$(printf 'dpkg -i: 0\n/usr/lib/sdtkit/bin/dtrace\n0')"
check_match "... the libraries are the ones Depends names" "$(printf '%s\n' "$out" | sed -n 4p)" 'libbpf .*libdwarf .*libelf '
check_eq "... the installed dtrace: -V, -h and -G for a program built in the guest, USDT traced" \
  "$(printf '%s\n' "$out" | sed -n '5,$p' | grep -v '^$' | sed '/^dpkg -r/,$d')" \
  "$(printf '%s\nbuilt\n0 alpha\n1 beta\n2 gamma' "$("$DTRACE" -V)")"
check_eq "... dpkg -r removes it and its alternative" "$(printf '%s\n' "$out" | sed -n '/^dpkg -r/,$p')" \
  "$(printf 'dpkg -r: 0\ndtrace left: 1')"
[ "$_failed" = 0 ] || { printf '%s\n' "$out" | tail -20 | sed 's/^/    | /'; cat "$w/dpkg.log" 2>/dev/null | tail -10 | sed 's/^/    | /'; }
[ "$_failed" = 0 ] && rm -rf "$w/src" "$w/x"
done_testing
