#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test/package/deb.sh — the Debian package (debian/), end to end.  Not part
# of test/run-tests: `./quickstart test` runs it once (it builds the whole
# package, a few minutes).  Needs root, dpkg-buildpackage, debhelper and
# lintian.
#
# 1. dpkg-buildpackage -us -uc -b on a copy of the source tree (nothing is
#    written beside the checkout); lintian reports no error.
# 2. The package is installed and removed inside a private mount namespace
#    whose /usr, /etc and /var are overlays on the real ones (unshare -m,
#    overlayfs upper dirs in $T): dpkg -i, the diversion, the alternatives
#    and dpkg -r happen there only.  The machine's /usr/bin/dtrace — which
#    other tests, running at the same time, use as systemtap's — never
#    changes, and every run starts from the same state (idempotent).
#    Checked there: after dpkg -i, `dtrace -V` (/usr/bin/dtrace) is ours
#    through alternatives and systemtap's is /usr/bin/dtrace.systemtap;
#    sdtkit.pc, the m4 macro, the CMake package, the man page and the ready
#    scripts are installed; the CMake sample builds against the installed
#    package and its probes list; after dpkg -r, /usr/bin/dtrace is
#    systemtap's file again and no diversion or alternative is left.
. "$SRCDIR/test/lib.sh"

[ "$(id -u)" = 0 ] || { skip "the .deb test needs root"; done_testing; }
for t in dpkg-buildpackage dh lintian unshare; do
  command -v "$t" >/dev/null || { skip "the .deb test needs $t"; done_testing; }
done

# 1. Build.
mkdir src
tar -C "$SRCDIR" --exclude=./.git --exclude='./build*' --exclude=./debian/build \
  --exclude=./debian/sdtkit --exclude=./debian/.debhelper -cf - . | tar -C src -xf -
if (cd src && DEB_BUILD_OPTIONS="parallel=$(nproc 2>/dev/null || echo 2)" dpkg-buildpackage -us -uc -b) >build.log 2>&1; then
  ok "dpkg-buildpackage -us -uc -b"
else
  fail "dpkg-buildpackage -us -uc -b"; tail -30 build.log | sed 's/^/    /'; done_testing
fi
deb=$(ls "$T"/sdtkit_*.deb 2>/dev/null | head -1)
check "the .deb was written" test -s "$deb"
lintian_out=$(lintian "$deb" 2>&1)
check_eq "lintian: no error or warning" "$(printf '%s\n' "$lintian_out" | grep -E '^[EW]: ')" ""
printf '%s\n' "$lintian_out" | grep -E '^[WI]: ' | sed 's/^/# lintian: /'

# 2. Install and remove, in a private mount namespace over overlays.
before=$(sha256sum /usr/bin/dtrace)
cat > inside.sh <<'INSIDE'
set -u
. "$SRCDIR/test/lib.sh" 2>/dev/null   # ok/fail/check helpers (its own $T)
mount -t tmpfs tmpfs "$OV" || { fail "tmpfs for the overlays"; exit 1; }
for d in usr etc var; do
  mkdir -p "$OV/$d.up" "$OV/$d.work"
  mount -t overlay overlay -o "lowerdir=/$d,upperdir=$OV/$d.up,workdir=$OV/$d.work" "/$d" \
    || { fail "overlay over /$d"; exit 1; }
done
check "dpkg -i" dpkg -i "$DEB"
check_match "/usr/bin/dtrace is ours through alternatives" "$(/usr/bin/dtrace -V 2>&1)" '^dtrace: sdtkit '
check_eq "/usr/bin/dtrace -> /etc/alternatives/dtrace -> /usr/lib/sdtkit/bin/dtrace" \
  "$(readlink /usr/bin/dtrace) $(readlink -f /usr/bin/dtrace)" "/etc/alternatives/dtrace /usr/lib/sdtkit/bin/dtrace"
check_eq "systemtap's script is diverted to /usr/bin/dtrace.systemtap" \
  "$(sha256sum < /usr/bin/dtrace.systemtap)" "$(printf '%s\n' "$BEFORE" | sed 's, .*,  -,')"
check_match "both are alternatives" "$(update-alternatives --query dtrace)" \
  'Alternative: /usr/bin/dtrace.systemtap'
check_eq "sdtkit.pc names the installed dtrace" "$(pkg-config --variable=dtrace sdtkit)" /usr/lib/sdtkit/bin/dtrace
check "installed: sdtkit.m4, the man page, the ready scripts, the Meson snippet" \
  test -s /usr/share/aclocal/sdtkit.m4 -a -s /usr/share/man/man1/dtrace.sdtkit.1.gz \
       -a -x /usr/share/sdtkit/scripts/syscount.d -a -s /usr/share/sdtkit/meson/sdtkit-snippet.meson
check_eq "man dtrace is ours" "$(readlink -f /usr/share/man/man1/dtrace.1.gz)" /usr/share/man/man1/dtrace.sdtkit.1.gz
if command -v cmake >/dev/null; then
  mkdir -p "$OV/cm" && cp "$SAMPLES"/common/* "$SAMPLES"/cmake/* "$OV/cm/"
  if (cmake -S "$OV/cm" -B "$OV/cm/b" && cmake --build "$OV/cm/b") >"$OV/cmake.log" 2>&1; then
    ok "the CMake sample builds against the installed package (find_package(SDTKit), no prefix given)"
    check_match "its probes are in the program" "$(readelf -n "$OV/cm/b/greeter-static" | grep -A2 stapsdt)" \
      'Provider: greet'
  else fail "the CMake sample builds against the installed package"; tail -20 "$OV/cmake.log" | sed 's/^/    /'; fi
fi
check "dpkg -r sdtkit" dpkg -r sdtkit
check_eq "after removal /usr/bin/dtrace is systemtap's file again" "$(sha256sum /usr/bin/dtrace)" "$BEFORE"
check "after removal /usr/bin/dtrace is a plain file" test -f /usr/bin/dtrace -a ! -L /usr/bin/dtrace
check_eq "no diversion left" "$(dpkg-divert --list | grep sdtkit)" ""
check_fails "no alternative left" update-alternatives --query dtrace
exit $_failed
INSIDE
mkdir ov
OV=$T/ov DEB=$deb BEFORE=$before SAMPLES=$SRCDIR/samples/build-systems \
  unshare --mount --propagation private bash inside.sh || _failed=1
check_eq "outside the namespace /usr/bin/dtrace never changed" "$(sha256sum /usr/bin/dtrace)" "$before"
check_eq "outside the namespace no sdtkit diversion" "$(dpkg-divert --list | grep sdtkit)" ""
done_testing
