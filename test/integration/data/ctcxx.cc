// SPDX-License-Identifier: MIT
// ctcxx.cc — C++ types for test/integration/ctypes-cxx.sh: a class in a
// namespace deriving from a base, with a reference member, a static
// member, member functions and a vtable; a struct in a nested namespace;
// a struct larger than the default strsize.  visit() has C linkage so that
// pid$target::visit:entry names it.
#include <cstring>

namespace net {
struct base { int id; long total; };
class conn : public base {
public:
  int fd;
  char name[16];
  int &weight;
  static int count;
  conn (int f, int &w) : fd (f), weight (w) { id = 7; total = 1000; std::strcpy (name, "alpha"); count++; }
  int get () const { return fd; }
  virtual ~conn () {}
};
int conn::count;
namespace inner {
struct deep { int x; short y; };
}
struct pool {
  struct slot { long owner; int used; };
  slot first;
  int nslots;
};
}

struct big { int a; char pad[700]; long z; };

extern "C" __attribute__ ((noinline)) void
visit (net::conn *c, big *b, net::inner::deep *d, net::pool *p)
{
  asm volatile ("" : : "r" (c), "r" (b), "r" (d), "r" (p) : "memory");
}

int
main ()
{
  int w = 42;
  net::conn c (3, w);
  static big b;
  b.a = 5;
  b.z = 77;
  std::strcpy (b.pad, "padding");
  net::inner::deep d = { 11, 12 };
  net::pool p = { { 99, 1 }, 4 };
  visit (&c, &b, &d, &p);
  return c.get () - 3;
}
