#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-strings.sh — D's string subroutines compiled to BPF, golden
# tested from BEGIN and from USDT probes of a small traced program
# (data/strs.{c,d}): strlen, strjoin, substr (illumos index/length rules),
# index/rindex (also across 64-bit words of the matcher), strchr, strrchr,
# strstr, basename, dirname, lltostr, toupper, tolower, copyin, stringof,
# string comparison and ordering, strings as aggregation keys, strsize
# truncation, and the compile errors for bad arguments.  The subroutines'
# loops have two forms (codegen-strings.c): headed by may_goto where the
# kernel takes it (Linux 6.9+), indexed by a register before; every check
# runs with the form this kernel gets, then once more with the register
# form (SDTKIT_NO_MAY_GOTO=1), its name marked "[no may_goto]".
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/strs.d" -o strs.h || fail "dtrace -h strs.d"
"$DTRACE" -G -s "$data/strs.d" -o strs-sem.o || fail "dtrace -G strs.d"
gcc -O2 -I. "$data/strs.c" strs-sem.o -o strs || fail "build strs"

# q PROGRAM [dtrace options]: dtrace -q -n PROGRAM (stdout; stderr to q.err)
q () { local prog=$1; shift; "$DTRACE" -q "$@" -n "$prog" 2>q.err; }

# --- strlen, strjoin
out=$(q 'BEGIN { s = "hello"; printf("%d %d %d|%s|%s|%s|\n", strlen(s), strlen(""), strlen(strjoin(s, s)), strjoin("foo", "bar"), strjoin("", ""), strjoin(s, "")); exit(0); }')
check_eq "strlen, strjoin (empty strings too)" "$out" "5 0 10|foobar||hello|"
out=$(q 'BEGIN { printf("%s|%d|%s|%s\n", strjoin("abcdefghij", "klmnopqrst"), strlen("abcdefghijklmnopqrst"), strjoin("", "0123456789abcdefXYZ"), substr("0123456789abcdefXYZ", 2)); exit(0); }' -x strsize=16)
check_eq "-x strsize=16: results hold at most 16 characters (as DTrace: strsize characters, then the NUL)" "$out" "abcdefghijklmnop|16|0123456789abcdef|23456789abcdef"
out=$(q 'BEGIN { s = strjoin("abcdef", "ghijkl"); @[s, substr("0123456789abc", 1)] = count(); printf("%s|%d|%s|%s|\n", s, strlen(s), substr(s, -3), lltostr(-123456789012)); exit(0); }' -x strsize=10)
check_eq "-x strsize=10 (not a multiple of 8): 10 characters, in keys too" "$out" \
  "$(printf 'abcdefghij|10|hij|-123456789|\n\n  %-50s  %-50s %16d' abcdefghij 123456789 1)"

# --- substr: negative index from the end, negative length from the end,
# out-of-range indexes give ""
cat > substr.d <<'X'
BEGIN
{
	s = "abcdefghij";
	printf("1 [%s] [%s] [%s] [%s] [%s]\n", substr(s, 3), substr(s, 3, 2), substr(s, -3), substr(s, -3, 2), substr(s, 0, -2));
	printf("2 [%s] [%s] [%s] [%s] [%s]\n", substr(s, 2, -3), substr(s, 10), substr(s, 12345678), substr(s, -12, 5), substr(s, -12, 2));
	printf("3 [%s] [%s] [%s] [%s] [%s]\n", substr(s, 5, 0), substr(s, 8, 10), substr("", 0), substr(s, -10), substr(s, 4, -20));
	exit(0);
}
X
out=$("$DTRACE" -q -s substr.d)
expect='1 [defghij] [de] [hij] [hi] [abcdefgh]
2 [cdefg] [] [] [abc] []
3 [] [ij] [] [abcdefghij] []'
check_eq "substr(s, i[, n]) with DTrace's index and length rules" "$out" "$expect"

# --- index, rindex, strchr, strrchr, strstr
cat > search.d <<'X'
BEGIN
{
	t = "abcabcabc";
	printf("4 %d %d %d %d %d %d\n", index(t, "bc"), rindex(t, "bc"), index(t, "bc", 2), rindex(t, "bc", 6), index(t, "x"), index(t, "abcabcabcabc"));
	printf("5 %d %d %d %d %d\n", index(t, ""), rindex(t, ""), index(t, "c", -5), index(t, "abc", 7), rindex(t, "abc", 0));
	d = "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789";
	n = substr(d, 25, 70);
	printf("6 %d %d %d %d\n", strlen(n), index(d, n), rindex(d, n), index(d, strjoin(n, "x")));
	/* strchr/strstr that find nothing give DTrace's NULL, which printf()
	 * may not print (it faults, as in DTrace: below), so those two are
	 * compared with NULL here (they printed as "" before). */
	printf("7 [%s] [%s] %d [%s] [%s] %d\n", strchr("hello", 'l'), strrchr("hello", 'l'), strchr("hello", 'z') == NULL, strstr("hello world", "o w"), strstr("abc", ""), strstr("abc", "abcd") == NULL);
	exit(0);
}
X
out=$("$DTRACE" -q -s search.d)
expect='4 1 7 4 4 -1 -1
5 0 9 2 -1 0
6 70 5 25 -1
7 [llo] [lo] 1 [o world] [abc] 1'
check_eq "index/rindex (with start; a 70-character needle), strchr, strrchr, strstr" "$out" "$expect"
# DTrace's NULL string (what strchr/strstr give when they find nothing,
# strtok out of tokens) recorded by trace() or printf("%s") faults at
# address 0 and the ERROR probe fires, as in Oracle's DTrace (its
# tvar/tst.init-str and funcs/strtok/tst.strtok_nullstr2); the clause's
# other output is dropped with it.  Each printed "" before.
out=$(q 'BEGIN { printf("a"); trace(strstr("abc", "zz")); } BEGIN { printf("[%s]", strchr("hello", 0x7a)); } BEGIN { x = strtok("ab", "b"); y = strtok(NULL, "b"); printf("[%s][%s]", x, y); } BEGIN { trace(strstr("abc", "c")); printf("[%s]\n", ""); exit(0); } ERROR { printf("E%d:%d:%d ", arg4, arg5, arg2); }'; sed 's/ at BPF pc [0-9]*$//' q.err)
check_eq "trace() and printf(\"%s\") of DTrace's NULL string fault at address 0" "$out" "E1:0:2 E1:0:1 E1:0:3 c[]

dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0)
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0)
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0)"
out=$(q 'BEGIN { d = "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"; printf("%d %d\n", index(d, substr(d, 25, 70)), rindex(d, "89")); exit(0); }' -x strsize=1024)
check_eq "index/rindex with -x strsize=1024" "$out" "5 98"

# --- basename, dirname (basename(1)/dirname(1) rules)
out=$(q 'BEGIN { printf("%s %s %s %s %s %s %s %s\n", basename("/usr/bin/ls"), basename("/usr/lib/"), basename("usr"), basename("/"), basename("//"), basename(""), basename("/a"), basename("a//b//")); exit(0); }')
check_eq "basename" "$out" "ls lib usr / / . a b"
out=$(q 'BEGIN { printf("%s %s %s %s %s %s %s %s\n", dirname("/usr/bin/ls"), dirname("/usr/lib/"), dirname("usr"), dirname("/"), dirname("//"), dirname(""), dirname("/a"), dirname("a//b//")); exit(0); }')
check_eq "dirname" "$out" "/usr/bin /usr . / / . / a"

# --- lltostr, toupper, tolower
out=$(q 'BEGIN { x = -42; printf("%s %s %s %s %s\n", lltostr(0), lltostr(x), lltostr(x * -1000000), lltostr(9223372036854775807), lltostr(-9223372036854775807 - 1)); exit(0); }')
check_eq "lltostr (0, negatives, INT64_MAX, INT64_MIN)" "$out" "0 -42 42000000 9223372036854775807 -9223372036854775808"
out=$(q 'BEGIN { printf("%s|%s|%s|\n", toupper("Hello, World 42"), tolower("MiXeD_Case"), toupper("")); exit(0); }')
check_eq "toupper, tolower" "$out" "HELLO, WORLD 42|mixed_case||"

# --- comparison and ordering of any string expressions
out=$(q 'BEGIN { printf("%d %d %d %d %d %d %d %d %d\n", "abc" < "abd", "abc" < "abcd", "b" > "abc", "" < "a", strjoin("a", "b") == "ab", substr("xyz", 1) >= "yz", "abc" != "abd", "abd" <= "abc", basename("/x/y") == dirname("y/q")); exit(0); }')
check_eq "== != < <= > >= between string expressions" "$out" "1 1 1 1 1 1 1 0 1"
out=$(q 'BEGIN { s = "x"; s = strjoin(s, s); s = strjoin(s, s); t = toupper(s); printf("%s %s %d\n", s, t, s > t); exit(0); }')
check_eq "string variables assigned from subroutine results" "$out" "xxxx XXXX 1"

out=$(q 'BEGIN { printf("%d %d %d %d\n", strstr("bash", "sh") != 0, strstr("ksh", "x") != 0, strchr("abc", 99) == 0, 0 == strrchr("abc", 122)); exit(0); }')
check_eq "s != 0 / s == 0: found or not (nothing found is the empty string)" "$out" "1 0 0 1"
out=$(q 'BEGIN { printf("%d %d %d\n", strstr("bash", "sh") != NULL, NULL == strchr("abc", 120), strrchr("a/b", 47) == NULL); exit(0); }')
check_eq "... and with NULL" "$out" "1 1 0"
"$DTRACE" -q -n 'BEGIN { x = "a" == 1; }' >/dev/null 2>err.txt
check_match "a string compared with a non-zero integer is refused" "$(cat err.txt)" 'operands have incompatible types: "string" and "int"'

# --- strings as aggregation keys (zero-padded: equal strings, one key)
out=$(q 'BEGIN { @[substr("hello", 0, 2)] = count(); @[strjoin("h", "e")] = count(); @[lltostr(7)] = count(); @[toupper("x")] = count(); @[strjoin("", "X")] = count(); exit(0); }')
expect=$(printf '\n  %-50s %16d\n  %-50s %16d\n  %-50s %16d' 7 1 X 2 he 2)
check_eq "subroutine results as aggregation keys" "$out" "$expect"

# --- errors
"$DTRACE" -q -n 'BEGIN { x = strlen(1); }' >/dev/null 2>err.txt; rc=$?
check_eq "strlen(int): exit 1" "$rc" 1
check_eq "... DTrace's prototype message" "$(cat err.txt)" "$(printf 'dtrace: invalid probe specifier BEGIN { x = strlen(1); }: line 1: strlen( ) argument #1 is incompatible with prototype:\n\tprototype: string\n\t argument: int')"
"$DTRACE" -q -n 'BEGIN { x = substr("a"); }' >/dev/null 2>err.txt; rc=$?
check_eq "substr with 1 argument: exit 1" "$rc" 1
check_match "... prototype mismatch" "$(cat err.txt)" 'substr\( \) prototype mismatch: 1 arg passed, 2 to 3 expected$'
"$DTRACE" -q -n 'BEGIN { x = index("a", 1); }' >/dev/null 2>err.txt
check_match "index(string, int) is refused" "$(cat err.txt)" 'index\( \) argument #2 is incompatible with prototype'

# --- from USDT probes: user strings through copyinstr, copyin of bytes
"$DTRACE" -q -n 'strs$target:::path { printf("%d [%s] [%s] [%s] %d\n", arg1, basename(copyinstr(arg0)), dirname(copyinstr(arg0)), strjoin(">", copyinstr(arg0)), strlen(copyinstr(arg0))); } strs$target:::buf { printf("[%s] [%s] [%s]\n", stringof(copyin(arg0, arg1)), copyin(arg0, 3), tolower(copyin(arg0, arg1))); }' -c ./strs >usdt.out 2>usdt.err
expect='0 [tool] [/usr/local/bin] [>/usr/local/bin/tool] 19
1 [dir] [relative] [>relative/dir/] 13
2 [/] [/] [>/] 1
3 [.] [.] [>] 0
4 [file.txt] [.] [>file.txt] 8
5 [www] [//srv] [>//srv//www//] 12
[] [ABC] []
[ABC] [ABC] [abc]
[ABCDEFGH] [ABC] [abcdefgh]'
check_eq "USDT: basename/dirname/strjoin/strlen of copyinstr, copyin(addr, n) as a string" "$(cat usdt.out)" "$expect"
"$DTRACE" -q -n 'strs$target:::path /strstr(copyinstr(arg0), "/") != "" && index(copyinstr(arg0), "/") > 0/ { @[substr(copyinstr(arg0), 0, index(copyinstr(arg0), "/"))] = count(); } strs$target:::path /rindex(copyinstr(arg0), ".") >= 0/ { @[strchr(copyinstr(arg0), 46)] = count(); }' -c ./strs >pred.out 2>pred.err
expect=$(printf '\n  %-50s %16d\n  %-50s %16d' .txt 1 relative 1)
check_eq "USDT: string subroutines in predicates and keys" "$(cat pred.out)" "$expect"
"$DTRACE" -q -x strsize=8 -n 'strs$target:::path /arg1 == 0/ { printf("[%s] [%s] %d\n", copyinstr(arg0), strjoin(copyinstr(arg0), "xyz"), strlen(copyinstr(arg0))); }' -c ./strs >trunc.out 2>trunc.err
check_eq "USDT: -x strsize=8 truncates copyinstr and strjoin to 8 characters" "$(cat trunc.out)" "[/usr/loc] [/usr/loc] 8"

# --- integer subroutines: byte order and rand()
out=$("$DTRACE" -q -n 'BEGIN { printf("%x %x %x %x %x %x %x", htons(0x1234), ntohs(0xabcd), htonl(0x12345678), ntohl(0x01020304), htonll(0x0102030405060708), ntohll(0x1122334455667788), htons(0xffff1234)); exit(0); }' 2>&1)
check_eq "htons/ntohs/htonl/ntohl/htonll/ntohll swap bytes (the result has the argument's width)" "$out" \
  "3412 cdab 78563412 4030201 807060504030201 8877665544332211 3412"
out=$("$DTRACE" -q -n 'BEGIN { i = 0; } tick-1ms /i < 200/ { @[rand() & 3] = count(); i++; } tick-1ms /i == 200/ { exit(0); }' 2>&1)
check_eq "rand() & 3 over 200 draws: all four values seen" "$(printf '%s\n' "$out" | awk 'NF == 2 { print $1 }' | sort -n | tr '\n' ' ')" "0 1 2 3 "
"$DTRACE" -n 'BEGIN { trace(htons()); }' >/dev/null 2>err.txt; rc=$?
check_eq "htons() without an argument: exit 1, prototype mismatch" "$rc:$(grep -c 'htons( ) prototype mismatch: 0 args passed, 1 expected' err.txt)" "1:1"

# --- strtok: illumos semantics (leading delimiters skipped, the position
# kept at the delimiter that ended a token, state for one firing only)
# strtok out of tokens gives DTrace's NULL, which printf("%s") may not
# print (it faults, as in DTrace: null-string-record in test/dscripts), so
# the end is compared with NULL (it printed as [] before).
out=$("$DTRACE" -q -n 'BEGIN { printf("[%s]", strtok(",,a,bc,,d,", ",")); printf("[%s]", strtok(NULL, ",")); printf("[%s]", strtok(NULL, ",")); printf("[%d]", strtok(NULL, ",") == NULL); printf("[%d];", strtok(NULL, ",") == NULL);
  printf("[%s][%s][%s];", strtok("/usr/local/bin", "/"), strtok(NULL, "/"), strtok(NULL, ""));
  printf("[%d][%s][%s];", strtok("", ",") == NULL, strtok("abc", ""), strtok("a;b c", "; ")); }
  BEGIN { printf("[%s]", strtok(NULL, "; ")); exit(0); }' 2>&1)
check_eq "strtok: tokens, the end, an empty delimiter set, several delimiters, across clauses of one firing" "$out" \
  "[a][bc][d][1][1];[usr][local][/bin];[1][abc][a];[b]"
out=$("$DTRACE" -q -n 'BEGIN { n = 0; } tick-10ms /n == 1/ { n = 2; printf("[%s]", strtok(NULL, " ")); } tick-10ms /n == 2/ { exit(0); } tick-10ms /n == 0/ { n = 1; printf("[%s]", strtok("p q", " ")); }' 2>&1)
check_eq "strtok(NULL, ...) in a later firing has no string to go on with: a fault at address 0, as DTrace" \
  "$(printf '%s' "$out" | sed 's/probe ID [0-9]*/probe ID N/; s/ at BPF pc [0-9]*$//')" \
  "[p]dtrace: error in dt_clause_1 for probe ID N (profile:::tick-10ms): invalid address (0x0)"
out=$("$DTRACE" -q -n 'BEGIN { trace(strtok(NULL, ",")); exit(1); } ERROR { exit(0); }' >/dev/null 2>&1; echo "rc=$?")
check_eq "strtok(NULL, ...) before any strtok(s, ...) fires ERROR" "$out" "rc=0"
"$DTRACE" -q -x strsize=1024 -n 'BEGIN { printf("%s|%s|%d|%s", strtok("x=1&y=2", "&"), strtok(NULL, "&"), strtok(NULL, "&") == NULL, strtok("k v", " ")); exit(0); }' >tok.out 2>&1
check_eq "strtok with -x strsize=1024 (the verifier takes the scan)" "$(cat tok.out)" "x=1|y=2|1|k"

# --- copyin()/alloca()/copyinto() memory read through (T *) casts
cat >cpy.c <<'EOF_C'
struct pt { int x; int y; short s; long l; };
__attribute__((noinline)) void take (struct pt *p, int *v) { __asm__ volatile ("" :: "r"(p), "r"(v) : "memory"); }
int main (void) { struct pt p = { 7, -3, -2, 1234567890123L }; int v = 42; take (&p, &v); return 0; }
EOF_C
gcc -O1 cpy.c -o cpy || fail "build cpy"
"$DTRACE" -q -n 'pid$target:a.out:take:entry {
  this->v = *(int *)copyin(arg1, 4);
  this->b = alloca(24);
  copyinto(arg0, 24, this->b);
  printf("%d %d %d %d %d %u;", this->v, *(int *)this->b, ((int *)this->b)[1], ((short *)this->b)[4],
         ((long *)this->b)[2], ((unsigned char *)this->b)[4]);
  this->p = (int *)copyin(arg0, 8);
  printf("%d %d", *this->p, this->p[1]);
}' -c ./cpy >cpy.out 2>cpy.err
check_eq "*(int *)copyin(), copyinto() into alloca() memory, ((T *)p)[k] of each width and sign" \
  "$(cat cpy.out)" "42 7 -3 -2 1234567890123 253;7 -3"
out=$("$DTRACE" -q -n 'BEGIN { this->b = alloca(8); copyinto(16, 8, this->b); printf("never"); } ERROR { printf("fault %d", arg4); exit(0); }' 2>&1)
check_match "copyinto() from a bad address: DTrace's error line, then ERROR" "$out" \
  '^dtrace: error in dt_clause_0 for probe ID 1 \(dtrace:::BEGIN\): invalid address \(0x10\) at BPF pc [0-9]+$'
check_match "... and no output from the faulting clause" "$out" 'fault 1$'
for bad in 'x = *(void *)arg0;|operator \* cannot be applied to a pointer to void' \
           'x = ((int *)alloca(8))[70];|the index of a pointer must be a constant within the 257 bytes' \
           'this->b = alloca(1000);|alloca\( \) of 1000 bytes: at most 257' \
           'x = "abc"; copyinto(0, 4, x);|copyinto\( \) argument #3 must be a clause-local variable'; do
  "$DTRACE" -q -n "BEGIN { ${bad%%|*} }" >/dev/null 2>err.txt; rc=$?
  check_match "refused: ${bad%%|*}" "$rc $(cat err.txt)" "^1 .*${bad#*|}"
done

# --- the second pass: the same checks with the loops of kernels before 6.9
if [ -z "${SDTKIT_NO_MAY_GOTO:-}" ]; then
  SDTKIT_NO_MAY_GOTO=1 bash "${BASH_SOURCE[0]}" 2>&1 | sed -E 's/^((not )?ok - |skip - )/\1[no may_goto] /'
  [ "${PIPESTATUS[0]}" -eq 0 ] || _failed=1
fi
done_testing
