#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctypes.sh — C types in D on real -g programs (gcc and clang, -O0 and -O2):
# struct, union, array and bit-field members read through pointers into the
# traced process (a cast of arg0 on a pid probe and on a USDT probe), nested
# chains (p->a->b[2], s.arr[i].c), pointer arithmetic, the same through a
# copyin() buffer, and a fault on a NULL pointer reported as DTrace reports
# copyin faults (then ERROR); print() of structs as DTrace prints them.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/ctypes.d" -o ctypes.h || fail "dtrace -h ctypes.d"
"$DTRACE" -G -s "$data/ctypes.d" -o ctypes-sem.o || fail "dtrace -G ctypes.d"

# The script's view of the program's types (the same layout as ctypes.c).
cat > types.d <<'X'
struct buf { char name[16]; int lens[4]; };
struct inner { short id; unsigned int flags : 3; unsigned int mode : 5; signed int delta : 6; struct buf *b; };
struct conn {
	int fd;
	long bytes;
	struct inner *in;
	struct inner arr[2];
	struct conn *next;
	union { unsigned int word; unsigned char bytes4[4]; } u;
};
X
cat types.d - > user.d <<'X'
pid$target::visit:entry
{
	this->c = (struct conn *)arg0;
	printf("fd %d bytes %d id %d\n", this->c->fd, this->c->bytes, this->c->in->id);
	printf("bits %d %d %d\n", this->c->in->flags, this->c->in->mode, this->c->in->delta);
	printf("chain %d %d %s\n", this->c->in->b->lens[2], this->c->arr[1].delta, stringof(copyinstr((uintptr_t)this->c->in->b)));
	printf("next %d %d\n", this->c->next->fd, (*this->c->next).bytes);
	i = 3;
	printf("index %d %c %d\n", this->c->in->b->lens[i], this->c->in->b->name[1], (this->c->in->b->lens + 1)[0]);
	printf("union %x %d\n", this->c->u.word, this->c->u.bytes4[2]);
	printf("arr %d %d\n", this->c->arr[0].b->lens[3], this->c->arr[i - 2].mode);
}
X
cat types.d - > copy.d <<'X'
pid$target::visit:entry
{
	this->c = (struct conn *)copyin(arg0, sizeof (struct conn));
	i = 1;
	printf("copyin %d %d %d %d %d %d %x\n", this->c->fd, this->c->bytes, this->c->in->id,
	    this->c->arr[i].delta, this->c->arr[1].mode, this->c->next->fd, this->c->u.bytes4[3]);
}
X
cat types.d - > usdt.d <<'X'
ctypes$target:::visit
{
	printf("usdt %d %d\n", ((struct conn *)arg0)->arr[1].id, ((struct conn *)arg0)->in->b->lens[0]);
}
X
cat types.d - > fault.d <<'X'
pid$target::visit:entry
{
	printf("never %d\n", ((struct conn *)arg0)->next->next->fd);
}
ERROR
{
	printf("ERROR %d\n", arg4);
}
X
cat types.d - > print.d <<'X'
pid$target::visit:entry
{
	this->c = (struct conn *)arg0;
	print(*this->c);
	printf("\n");
	print(this->c->in->b->name);
	printf("|%s|%s\n", this->c->in->b->name, stringof(this->c->arr[0].b->name));
	print(this->c->fd);
	printf("\n");
	this->k = (struct conn *)copyin(arg0, sizeof (struct conn));
	print(this->k->arr[1]);
	printf("\n");
}
X
print_want=$(cat <<'X'
struct conn {
    int fd = 0x3
    long bytes = 0x1cbe991a14
    struct inner *in = PTR
    struct inner [2] arr = [ 
        struct inner {
            short id = 0x1
            unsigned int flags :3 = 0x1
            unsigned int mode :5 = 0x2
            int delta :6 = 0x3
            struct buf *b = PTR
        }, 
        struct inner {
            short id = 0x2
            unsigned int flags :3 = 0x6
            unsigned int mode :5 = 0x1f
            int delta :6 = 0x20
            struct buf *b = 0
        }
    ]
    struct conn *next = PTR
    union u = {
        unsigned int word = 0x4030201
        unsigned char [4] bytes4 = [ 0x1, 0x2, 0x3, 0x4 ]
    }
}
char [16] "hello"
|hello|hello
int 0x3

struct inner {
    short id = 0x2
    unsigned int flags :3 = 0x6
    unsigned int mode :5 = 0x1f
    int delta :6 = 0x20
    struct buf *b = 0
}
X
)
cat types.d - > vars.d <<'X'
struct conn *gp;
self struct conn *sp;
pid$target::visit:entry
{
	this->p = (userland struct conn *)arg0;
	gp = (struct conn *)arg0;
	self->sp = gp;
	a[1] = gp;
	printf("%d %d %d %d %d\n", this->p->fd, gp->bytes, self->sp->fd, a[1]->next->fd, sizeof (*gp));
	printf("%d %d %d\n", gp == this->p, (gp + 2) - gp, &gp->arr[1] - &gp->arr[0]);
	this->e = &gp->arr[0];
	this->e++;
	printf("%d %d\n", this->e->id, (--this->e)->id);
}
X
cat types.d - > structvar.d <<'X'
struct buf gb;
pid$target::visit:entry
{
	this->i = *((struct conn *)arg0)->in;
	gb = *this->i.b;
	gb.lens[0]++;
	printf("%d %d %s %d\n", this->i.id, this->i.mode, gb.name, gb.lens[0]);
}
X

for cc in gcc clang; do
  command -v $cc >/dev/null || { fail "$cc is not installed"; continue; }
  for opt in -O0 -O2; do
    prog=ct-$cc$opt
    $cc -g $opt -I. "$data/ctypes.c" ctypes-sem.o -o $prog || { fail "build $prog"; continue; }
    out=$("$DTRACE" -q -s user.d -c ./$prog 2>err.txt)
    check_eq "$prog: members, bit-fields, arrays, unions, chains through a cast of arg0 (pid)" "$out" \
      "$(printf 'fd 3 bytes 123456789012 id 7\nbits 5 17 -3\nchain 30 -32 hello\nnext 4 99\nindex 40 e 20\nunion 4030201 3\narr 40 31')"
    out=$("$DTRACE" -q -s copy.d -c ./$prog 2>err.txt)
    check_eq "$prog: the same through a copyin() buffer cast to struct conn *" "$out" "copyin 3 123456789012 7 -32 31 4 4"
    out=$("$DTRACE" -q -s print.d -c ./$prog 2>err.txt | sed -E 's/0x[0-9a-f]{11,}/PTR/g')
    check_eq "$prog: print() of a struct, a char array, an int; char arrays as strings" "$out" "$print_want"
    out=$("$DTRACE" -q -s vars.d -c ./$prog 2>err.txt)
    check_eq "$prog: typed pointers kept in globals, self->, this-> and arrays; userland; p - q" "$out" \
      "$(printf '3 123456789012 3 4 72\n1 2 1\n2 1')"
    out=$("$DTRACE" -q -s structvar.d -c ./$prog 2>err.txt)
    check_eq "$prog: structs copied from the process into a global and this->, then changed" "$out" "7 17 hello 11"
    out=$("$DTRACE" -q -s usdt.d -c ./$prog 2>err.txt)
    check_eq "$prog: a USDT probe's struct pointer cast to the program's type" "$out" "usdt 2 10"
    out=$("$DTRACE" -q -s fault.d -c ./$prog 2>&1)
    check_match "$prog: a NULL pointer in a chain faults (DTrace's error line)" "$out" \
      "error in dt_clause_0 for probe ID [0-9]+ \\(pid[0-9]+:$prog:visit:entry\\): invalid address \\(0x0\\) at BPF pc [0-9]+"
    check_match "$prog: ... then ERROR, and nothing from the faulting clause" "$out" '^ERROR 1$'
    [[ $out == *never* ]] && fail "$prog: the faulting clause printed"
  done
done
done_testing
