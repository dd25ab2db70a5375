/* SPDX-License-Identifier: MIT */
/* types.h — the types test-dwarf-types reads back from this program's DWARF. */
#include <stdint.h>

struct conn;                          /* completed in types-b.c */
typedef struct conn conn_t;

enum state { ST_IDLE, ST_READ = 5, ST_WRITE, ST_NEG = -3 };
enum __attribute__ ((packed)) small { SM_A = 1, SM_B = 200 };

struct list {
  int value;
  struct list *next;                  /* self-reference */
  const struct list *const *back;     /* qualified pointers */
};

struct bits {
  unsigned a : 3;
  unsigned b : 7;
  signed c : 5;
  unsigned long long wide : 40;
  unsigned char tail : 2;
  _Bool flag : 1;
};

union value {
  int64_t i;
  double d;
  char bytes[12];
};

struct inner {
  short s;
  union value v;
  struct bits bf;
};

struct outer {
  char tag;
  struct inner in;
  struct inner pair[2];
  int grid[3][4][5];
  union {                             /* anonymous union */
    struct { uint32_t lo, hi; };      /* anonymous struct inside */
    uint64_t both;
  };
  enum state st;
  enum small sm;
  int (*callback) (struct outer *, long);
  conn_t *conn;
  volatile unsigned long counter;
  char flex[];
};

int handle (struct conn *c, long n, struct outer *o);
void fill_conn (struct conn *c);
