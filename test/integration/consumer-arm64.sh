#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-arm64.sh — the foundation of the consumer on arm64: the whole
# dtrace cross-built for aarch64 with Debian's multiarch development
# packages (./configure --host=aarch64-linux-gnu), then run in an arm64
# guest (Debian 12's arm64 kernel under qemu-system-aarch64 TCG, an arm64
# Debian root made by test/vm/make-root, this tree shared at its own path).
# What is checked is what works there so far: the version, BEGIN/END and
# tick programs with printf and aggregations, the kernel-feature probes,
# profile samples, and USDT probes of a program built for aarch64 with our
# header and -G (register arguments, copyinstr, is-enabled, counts), system
# calls by the arm64 table, profile's user pc, pid entry/return arguments,
# ustack() through aarch64 CFI of a frame-pointer-less program, uregs[],
# pid offset probes, Oracle's aarch64 uregs tests, and the consumer's smoke
# subset (consumer-smoke.sh) run in the guest with its own gcc.  The arm64
# .deb is test/package/deb-arm64.sh.
# sdtkit-test: solo (test/run-tests: it loads every core or times things)
. "$SRCDIR/test/lib.sh"
if ! command -v aarch64-linux-gnu-gcc >/dev/null || ! command -v qemu-system-aarch64 >/dev/null \
   || [ ! -f /usr/lib/aarch64-linux-gnu/pkgconfig/libbpf.pc ]; then
  skip "aarch64 cross compiler, qemu-system-aarch64 or arm64 libbpf/libelf/libdwarf -dev packages missing (quickstart installs them)"
  done_testing
fi
# the cross build, kept in the build tree (the guest sees it at its path)
cross=$BUILDDIR/cross-arm64
mkdir -p "$cross"
if ( cd "$cross" && { [ -f Makefile ] || PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig \
        "$SRCDIR/configure" -q --host=aarch64-linux-gnu >configure.log 2>&1; } \
     && make -s -j2 dtrace >make.log 2>&1 ); then
  ok "dtrace cross-built for aarch64 (configure --host=aarch64-linux-gnu)"
else
  fail "cross build for aarch64"; tail -20 "$cross/configure.log" "$cross/make.log" 2>/dev/null | sed 's/^/    /'
  done_testing
fi
check_match "the cross-built dtrace is an aarch64 executable" "$(file -L "$cross/dtrace")" 'ARM aarch64'
mkdir -p "$BUILDDIR/test/vm-jobs/arm64" && w=$BUILDDIR/test/vm-jobs/arm64
# the consumer tests' probed program, for aarch64 with our header and -G
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/target.d" -o "$w/target.h" \
  && aarch64-linux-gnu-gcc -O2 -I"$w" -c "$data/target.c" -o "$w/target.o" \
  && "$DTRACE" -G -s "$data/target.d" -o "$w/target-sem.o" "$w/target.o" \
  && aarch64-linux-gnu-gcc "$w/target.o" "$w/target-sem.o" -o "$w/target" \
  && aarch64-linux-gnu-gcc -O2 -fomit-frame-pointer -g0 "$data/unwind-deep.c" -o "$w/deep" \
  && aarch64-linux-gnu-gcc -O2 -fomit-frame-pointer -g0 "$data/busy.c" -o "$w/busy" \
  && aarch64-linux-gnu-gcc -O0 -fPIE -pie "$data/shortlived.c" -o "$w/short" \
  || fail "build the probed programs for aarch64"
# every argument form gcc emits for aarch64 through systemtap's <sys/sdt.h>
# (registers, constants, [sp, N] and [xN, N] memory, 12 arguments), at -O0
# and -O2, in a PIE program and a shared library (consumer-args.sh's program)
sdt=$(dirname "$(find /usr/include -name sdt.h -path '*sys/sdt.h' | head -1)")
mkdir -p "$w/inc/sys" && cp "$sdt/sdt.h" "$sdt/sdt-config.h" "$w/inc/sys/" 2>/dev/null
afforms=
for o in O0 O2; do
  aarch64-linux-gnu-gcc -$o -I"$w/inc" -fPIE -pie "$data/argforms.c" -o "$w/af-$o" \
    && aarch64-linux-gnu-gcc -$o -I"$w/inc" -fPIC -shared -DLIB "$data/argforms.c" -o "$w/libaf-$o.so" \
    && aarch64-linux-gnu-gcc -$o "$data/argforms-main.c" -L"$w" -laf-$o -Wl,-rpath,"$w" -o "$w/afmain-$o" \
    || fail "build argforms.c for aarch64 at -$o"
  afforms+=$(readelf -n "$w/af-$o" | sed -n 's/.*Arguments: //p' | tr '\n' ' ')
done
afprog='af$target:::globals { printf("g %d %d %d\n", arg0, arg1, arg2); }
      af$target:::locals { printf("l %d %d %d\n", arg0, arg1, arg2); }
      af$target:::consts { printf("c %d %d\n", arg0, arg1); }
      af$target:::indexed { printf("i %d %d\n", arg0, arg1); }
      af$target:::twelve { printf("t %d %d %d %d %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11); }'
printf '%s\n' "$afprog" >"$w/afprog.txt"
for o in O0 O2; do printf '%s\n' "${afprog//af\$target:::/af*:$w/libaf-$o.so::}" >"$w/afprog-lib-$o.txt"; done
# pid offset probes: the offsets of f3's eor (w1 holds 5 there) and adrp
# (an instruction the kernel simulates), and of its ret, from its code
f3=$(aarch64-linux-gnu-objdump -d "$w/deep" | awk '/<f3>:/,/^$/')
f3start=$(printf '%s\n' "$f3" | sed -n '1s/^0*\([0-9a-f]*\) .*/\1/p')
insn_off () { printf '%x' $(( 0x$(printf '%s\n' "$f3" | awk -v m="$1" '$3 == m { sub(":", "", $1); print $1; exit }') - 0x$f3start )); }
off_eor=$(insn_off eor); off_adrp=$(insn_off adrp); off_ret=$(insn_off ret)
# the return addresses of short's f (after its call of getppid) and main
# (after its call of f), and of deep's f6 (after its call of read)
after_bl () {  # FILE FUNC CALLEE
  local a
  a=$(aarch64-linux-gnu-objdump -d "$1" | awk -v f="<$2>:" -v c="<$3" '
    $2 == f { inf = 1; print $1; next } inf && /^$/ { exit }
    inf && found { sub(":", "", $1); print $1; exit }
    inf && $3 == "bl" && index($0, c) { found = 1 }' | tr '\n' ' ')
  set -- $a
  echo $(( 0x$2 - 0x$1 ))
}
off_short_f=$(after_bl "$w/short" f getppid); off_short_main=$(after_bl "$w/short" main f)
off_deep_f6=$(after_bl "$w/deep" f6 read)
cat >"$w/job.sh" <<JOB
D=$cross/dtrace
cd $w
\$D -V
\$D -q -n 'BEGIN { printf("begin %d\n", 6 * 7); } END { printf("end\n"); } tick-100ms { @["ticks"] = count(); } tick-100ms /++n == 3/ { exit(0); }'
\$D --kernel-features | head -1
\$D -q -n 'profile-997 { @ = count(); } tick-1s { exit(0); }' | awk 'NF { print (\$1 > 0) ? "profile samples" : "no samples" }'
echo "-- usdt"
\$D -q -n 'tgt\$target:::tick { printf("%d %d %s\n", arg0, arg1, copyinstr(arg2)); } tgt\$target:::neg { printf("%d;", arg0); }' -c "./target 4" 2>/dev/null
echo "-- is-enabled"
TGT_SETTLE_MS=100 \$D -q -n 'tgt\$target:::ready { printf("fired\n"); }' -c "./target 1 wait" 2>&1
echo "-- counts"
\$D -q -n 'tgt\$target:::tick { @[copyinstr(arg2)] = count(); }' -c "./target 10" 2>/dev/null
echo "-- syscall"
\$D -q -n 'syscall::open*:entry /pid == \$target/ { @o[probefunc] = count(); } syscall::read:entry /pid == \$target && (int)arg0 == -1/ { @r = count(); } syscall::read:return /pid == \$target && (int)arg0 == -9/ { @e = count(); } END { printa("%s ", @o); printa("read(-1) %@d, ", @r); printa("EBADF %@d\n", @e); }' -c "./deep 3" 2>&1
echo "-- profile"
\$D -q -n 'profile-997 /pid == \$target/ { @[ufunc(arg1)] = count(); } tick-2s { exit(0); }' -c "./busy 30" 2>&1 | sort -k2 -n | tail -1 | awk '{ print \$1 }'
echo "-- ustack"
\$D -q -n 'pid\$target::f6:entry { @[ustack(7)] = count(); }' -c "./deep 3" 2>&1
echo "-- folded"
\$D -q -x oformat=folded -n 'profile-997 /pid == \$target/ { @[ustack()] = count(); } tick-2s { exit(0); }' -c "./busy 30" 2>&1 | sort -t' ' -k2 -n | tail -1 | sed 's/^.*busy.main;/busy\`main;/; s/ [0-9]*\$//'
echo "-- uregs"
\$D -q -n 'BEGIN { printf("$(for i in $(seq 0 30); do printf ' %%d'; done) %d %d %d %d\n", $(for i in $(seq 0 30); do printf 'R_X%d, ' $i; done) R_SP, R_PC, R_PSTATE, R_FP); exit(0); }' 2>&1
\$D -q -n 'pid\$target::f3:entry { printf("%d %d %d %d\n", uregs[R_X0], uregs[R_PC] == uregs[32], uregs[R_SP] != 0, uregs[R_PSTATE] & 0xf); }' -c "./deep 2" 2>&1
echo "-- pid"
\$D -q -n 'pid\$target::f3:entry { printf("in %d\n", arg0); } pid\$target::f3:return { printf("out %d\n", arg1); }' -c "./deep 2" 2>&1
echo "-- offsets"
\$D -q -n 'pid\$target::f3:$off_eor { printf("eor %d %d\n", arg0, uregs[R_X1]); } pid\$target::f3:$off_adrp { printf("adrp\n"); } pid\$target::f3:return { printf("ret at %x\n", arg0); }' -c "./deep 2" 2>&1
\$D -q -n 'pid\$target::f3:2 { exit(0); }' -c "./deep 2" 2>&1; echo "status \$?"
echo "-- argforms"
for o in O0 O2; do
  \$D -q -n "\$(cat afprog.txt)" -c "./af-\$o 6" 2>&1
  \$D -q -n "\$(cat afprog-lib-\$o.txt)" -c "./afmain-\$o 6" 2>&1
done
echo "-- exited"
\$D -q -n 'syscall::getppid:entry /pid == \$target/ { @[ustack(3)] = count(); }' -c ./short 2>&1
\$D -q -n 'pid\$target:libc.so.6:getppid:entry { @[ustack(3)] = count(); }' -c ./short 2>&1
\$D -q -n 'syscall::read:entry /pid == \$target && (int)arg0 == -1/ { @r[ustack(2)] = count(); }' -c "./deep 1" 2>&1
echo "-- kernel"
\$D -qF -n 'syscall::read: /pid == \$target/ { printf("syscall: %d\n", i++); } fbt:vmlinux:__arm64_sys_read: /pid == \$target/ { printf("fbt: %d\n", j++); }' -c "./deep 1" 2>&1
\$D -q -n 'sdt:sched::sched_process_exec /pid == \$target/ { printf("%s\n", stringof(args[0])); }' -c "./deep 1" 2>&1
\$D -q -n 'proc:::exec-success /pid == \$target/ { printf("%s %d [%s]\n", execname, curpsinfo->pr_pid == pid, curpsinfo->pr_psargs); }' -c "./deep 1" 2>&1
echo "-- oracle"
\$D -q -n 'BEGIN { trace(uregs[R_PSTATE + 1]); exit(0); }' 2>&1; echo "status \$?"
\$D -q -n 'BEGIN { printf("%d\n", uregs[R_X0] + uregs[R_X30] + uregs[R_FP] + uregs[R_SP] + uregs[R_PC] + uregs[R_PSTATE]); exit(0); } ERROR { printf("uregs access failed.\n"); exit(1); }' 2>&1; echo "status \$?"
echo "-- smoke"
DTRACE=\$D BUILDDIR=$cross SRCDIR=$SRCDIR bash $SRCDIR/test/integration/consumer-smoke.sh 2>&1
JOB
out=$(SDTKIT_VM_ARCH=arm64 SDTKIT_VM_SHARE="$(dirname "$BUILDDIR")" "$SRCDIR/test/vm/run-kernel" bookworm bash "$w/job.sh" 2>&1)
kver=$(cat "${SDTKIT_VM_CACHE:-/var/cache/sdtkit-vm}/kernel-bookworm-arm64/kver" 2>/dev/null)
check_eq "in the arm64 guest (Linux $kver): version, BEGIN/END/tick with an aggregation, kernel features, profile" \
  "$(printf '%s\n' "$out" | sed '/^-- usdt$/,$d')" \
  "$(printf '%s\nbegin 42\nend\n\n  %-50s %16d\nLinux %s:\nprofile samples' "$("$DTRACE" -V)" ticks 3 "$kver")"
check_eq "arm64: USDT arguments (registers, signed, a string by copyinstr)" \
  "$(printf '%s\n' "$out" | sed -n '/^-- usdt$/,/^-- is-enabled$/p' | sed '1d;$d')" \
  "$(printf '0 0 alpha\n1 1 beta\n2 4 gamma\n3 9 alpha\n-3;-2;-1;0;1;2;3;')"
check_eq "arm64: is-enabled (the semaphore raised by the kernel)" \
  "$(printf '%s\n' "$out" | sed -n '/^-- is-enabled$/,/^-- counts$/p' | sed '1d;$d' | grep -v '^$' | sort)" \
  "$(printf 'done 1 14 ready=1\nfired')"
check_eq "arm64: system calls: open* matches openat only (arm64 has no open), arguments, return values" \
  "$(printf '%s\n' "$out" | sed -n '/^-- syscall$/,/^-- profile$/p' | sed '1d;$d' | grep -v '^$')" \
  "openat read(-1) 3, EBADF 3"
check_eq "arm64: profile's arg1 is the user pc (pstate at EL0): most samples in busy's spin()" \
  "$(printf '%s\n' "$out" | sed -n '/^-- profile$/,/^-- ustack$/p' | sed '1d;$d')" 'busy`spin'
check_eq "arm64: ustack() of a frame-pointer-less program through aarch64 CFI (a leaf at entry: CFA = sp, return address in x30)" \
  "$(printf '%s\n' "$out" | sed -n '/^-- ustack$/,/^-- folded$/p' | sed '1d;$d' | grep -v '^$' | sed 's/^ *//; s/+0x[0-9a-f]*$//')" \
  "$(printf 'deep`f6\ndeep`f5\ndeep`f4\ndeep`f3\ndeep`f2\ndeep`f1\ndeep`main\n3')"
check_eq "arm64: profile ustack() folded: the busiest stack ends main;spin" \
  "$(printf '%s\n' "$out" | sed -n '/^-- folded$/,/^-- uregs$/p' | sed '1d;$d')" 'busy`main;busy`spin'
check_eq "arm64: uregs[] constants R_X0..R_X30, R_SP, R_PC, R_PSTATE, R_FP (Oracle's numbering) and values at a pid probe" \
  "$(printf '%s\n' "$out" | sed -n '/^-- uregs$/,/^-- pid$/p' | sed '1d;$d' | grep -v '^$')" \
  "$(printf '%s\n1 1 1 0\n2 1 1 0' "$(for i in $(seq 0 33) 29; do printf ' %d' $i; done)")"
check_eq "arm64: pid entry and return: the arguments and return value as on x86-64" \
  "$(printf '%s\n' "$out" | sed -n '/^-- pid$/,/^-- offsets$/p' | sed '1d;$d' | grep -v '^$')" \
  "$(printf 'in 1\nout 69\nin 2\nout 773')"
check_eq "arm64: pid offset probes (4-byte instructions): registers at the offset, a simulated adrp, return's arg0 the ret's offset" \
  "$(printf '%s\n' "$out" | sed -n '/^-- offsets$/,/^-- argforms$/p' | sed '1d;$d' | grep -v '^$' | sed 's/"pid[0-9]*::/"pidN::/')" \
  "$(printf 'eor 1 5\nadrp\nret at %s\neor 2 5\nadrp\nret at %s\ndtrace: invalid probe description "pid%s::f3:2": offset 0x2 in f3 is not on an instruction boundary\nstatus 1' \
     "$off_ret" "$off_ret" N)"
afwant=$(printf 'g -77 250 -1234\nl 6 -8999999994 18\nc -5 123456789012\ni 30 -40\nt 6 7 8 9 10 11 12 13 14 15 16 17')
# gcc -O2 -fPIC passes a static variable of the library as
# [x2, #:lo12:.LANCHOR0]: the low bits of a section anchor's address, a
# local label no symbol table keeps; no consumer can decode it, so it is
# named in a warning and reads as 0 (the other arguments are read)
lo12=$(readelf -n "$w/libaf-O2.so" | sed -n 's/.*Arguments: \(-4@\[x[0-9]*, #:lo12:[^]]*\]\).*/\1/p' | head -1)
afwant_lo12=$(printf "dtrace: warning: $w/libaf-O2.so: probe af:globals argument 0 (%s) is undecodable (bad displacement in operand '%s' (aarch64)); it reads as 0\n%s" \
  "$lo12" "${lo12#-4@}" "${afwant/g -77/g 0}")
[ -n "$lo12" ] || afwant_lo12=$afwant   # a gcc that emits no such operand
check_eq "arm64: every argument form of <sys/sdt.h> reads back exactly, -O0 and -O2, PIE and shared library ($afforms)" \
  "$(printf '%s\n' "$out" | sed -n '/^-- argforms$/,/^-- exited$/p' | sed '1d;$d' | grep -v '^$')" \
  "$(printf '%s\n%s\n%s\n%s' "$afwant" "$afwant" "$afwant" "$afwant_lo12")"
# libc's offsets: this test's guest root, read by the symbol table
hide () { sed -E 's/(libc\.so\.6`[A-Za-z_]+)\+0x[0-9a-f]+$/\1+X/; s/^ *//'; }
check_eq "arm64: ustack() of a -c command gone before its stacks print (libraries found before it ran; the syscall probe's registers), pid probes in libc, syscall ustack() through libc's CFI" \
  "$(printf '%s\n' "$out" | sed -n '/^-- exited$/,/^-- kernel$/p' | sed '1d;$d' | grep -v '^$' | hide)" \
  "$(printf 'libc.so.6`getppid+X\nshort`f+0x%x\nshort`main+0x%x\n3\nlibc.so.6`getppid\nshort`f+0x%x\nshort`main+0x%x\n3\nlibc.so.6`__read+X\ndeep`f6+0x%x\n1' \
     "$off_short_f" "$off_short_main" "$off_short_f" "$off_short_main" "$off_deep_f6")"
check_eq "arm64: kernel providers: fbt on kprobes (6.1 has no fentry on arm64) with -F (Oracle's options/tst.F.aarch64 shape), sdt tracepoint arguments, proc and curpsinfo under -c of a program without DWARF" \
  "$(printf '%s\n' "$out" | sed -n '/^-- kernel$/,/^-- oracle$/p' | sed '1d;$d' | grep -v '^$' | sed 's/  *$//; s/^ *[0-9][0-9]* //; s/: [0-9]*$/: N/' | awk '/^ *(<=|->|<-)/ && !n { next } /^ *(=>|<=|->|<-)/ { if (++n > 4) next } { print }')" \
  "$(printf 'CPU FUNCTION\n => read                                  syscall: N\n   -> __arm64_sys_read                    fbt: N\n   <- __arm64_sys_read                    fbt: N\n <= read                                  syscall: N\n%s\ndeep 1 [./deep 1]' "$w/deep")"
check_eq "arm64: Oracle's arrays/err.D_UNKNOWN.uregs_toobig.aarch64 (R_PSTATE + 1 refused) and tst.uregsarray.arm64 (every alias readable)" \
  "$(printf '%s\n' "$out" | sed -n '/^-- oracle$/,/^-- smoke$/p' | sed '1d;$d' | grep -v '^$')" \
  "$(printf 'dtrace: invalid probe specifier BEGIN { trace(uregs[R_PSTATE + 1]); exit(0); }: line 1: uregs[]: index out of bounds (34)\nstatus 1\n0\nstatus 0')"
# the consumer's smoke subset (consumer-smoke.sh: USDT, is-enabled, pid,
# syscall, quantize, strings, speculation, JSON, DWARF members, ustack,
# folded profile, execname, python3.11's USDT, a later process by path),
# run in the guest with the cross-built dtrace and the guest's own gcc
smoke=$(printf '%s\n' "$out" | sed -n '/^-- smoke$/,$p' | sed '1d')
printf '%s\n' "$smoke" | sed -n -E 's/^(ok|not ok|skip) - /\1 - [arm64] /p; /^    /p'
check "arm64: the smoke subset ran (at least 15 checks)" test "$(printf '%s\n' "$smoke" | grep -cE '^(ok|not ok|skip) - ')" -ge 15
check_eq "arm64: counts keyed by a string" "$(printf '%s\n' "$out" | sed -n '/^-- counts$/,/^-- syscall$/p' | sed '1d;$d')" \
  "$(printf '\n  %-50s %16d\n  %-50s %16d\n  %-50s %16d' beta 3 gamma 3 alpha 4)"
done_testing
