#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-stores.sh — stores into memory copied in from a traced process
# (copyin() buffers, which a clause owns and may change): p[k] = v through
# a char, short, int and long pointer at constant and variable indexes,
# *(p + k), ++ and compound assignment there, and members and member
# arrays of a copied-in struct.  The program (built here) hands its function take()
# a request line, an int array and a struct; a pid probe on take() copies
# each in, changes it and prints it.  Each output is exact.
. "$SRCDIR/test/lib.sh"

cat >target.c <<'EOF_C'
struct hdr { int a[4]; short s; long l; };
__attribute__((noinline)) void
take (const char *req, int *v, struct hdr *h)
{
  __asm__ volatile ("" :: "r"(req), "r"(v), "r"(h) : "memory");
}
int
main (void)
{
  static const char req[32] = "GET /index.html HTTP/1.1";
  int v[4] = { 1, 2, 3, 4 };
  struct hdr h = { { 10, 20, 30, 40 }, 5, 6 };
  take (req, v, &h);
  return 0;
}
EOF_C
gcc -O1 target.c -o target || fail "build target"

# run NAME PROGRAM: dtrace -q -n PROGRAM -c ./target, stdout to NAME.out
run () { "$DTRACE" -q -n "$2" -c ./target >"$1.out" 2>"$1.err"; }

run chars 'pid$target:a.out:take:entry {
  this->s = (char *) copyin(arg0, 32);
  this->s[6] = 0x58;
  printf("%s\n", stringof(this->s));
  this->s[3] = 0;
  printf("[%s] %c%c\n", stringof(this->s), this->s[4], this->s[6]);
}'
check_eq "char stores at constant indexes of a copyin() buffer (the issue's request line)" \
  "$(cat chars.out chars.err)" "GET /iXdex.html HTTP/1.1
[GET] /X"

run ints 'pid$target:a.out:take:entry {
  this->v = (int *) copyin(arg1, 16);
  this->v[2] = 33;
  this->v[0] += 100;
  this->v[3]++;
  this->k = 1;
  this->v[this->k] = -this->v[this->k];
  printf("%d %d %d %d\n", this->v[0], this->v[1], this->v[2], this->v[3]);
}'
check_eq "int stores: constant, compound, ++ and variable index of a copyin() buffer" \
  "$(cat ints.out ints.err)" "101 -2 33 5"

run deref 'pid$target:a.out:take:entry {
  this->v = (int *) copyin(arg1, 16);
  *(this->v + 3) = 7;
  *(2 + this->v) += 1;
  *(this->v + this->v[0] - 1) = -1;
  printf("%d %d %d %d\n", *this->v, *(this->v + 1), this->v[2], this->v[3]);
}'
check_eq "*(p + k) of a copyin() buffer is p[k]: stored, compound-assigned, read" \
  "$(cat deref.out deref.err)" "-1 2 4 7"

run widths 'pid$target:a.out:take:entry {
  this->h = (short *) copyin(arg1, 16);
  this->h[2] = -1;
  this->h[7] = 9;
  this->l = (long *) copyin(arg1, 16);
  this->l[1] = 5;
  printf("%d %d %d %d %d %d %d %d|%d %d\n", this->h[0], this->h[1], this->h[2], this->h[3],
         this->h[4], this->h[5], this->h[6], this->h[7], this->l[0], this->l[1]);
}'
check_eq "short and long stores at constant indexes of copyin() buffers" \
  "$(cat widths.out widths.err)" "1 0 -1 0 3 0 4 9|8589934593 5"

run members 'struct hdr { int a[4]; short s; long l; };
pid$target:a.out:take:entry {
  this->h = (struct hdr *) copyin(arg2, sizeof (struct hdr));
  this->h->a[2] = 5;
  this->h->a[0]++;
  this->h->s += 10;
  this->h->l = -7;
  printf("%d %d %d %d %d %d\n", this->h->a[0], this->h->a[1], this->h->a[2], this->h->a[3],
         this->h->s, this->h->l);
}'
check_eq "member and member-array stores of a copied-in struct" \
  "$(cat members.out members.err)" "11 20 5 40 15 -7"
done_testing
