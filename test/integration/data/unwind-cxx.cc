// SPDX-License-Identifier: MIT
// unwind-cxx.cc — C++ frames for consumer-unwind.sh: a member function of a
// class template in a namespace, called through a free function.
#include <cstdlib>
#include <unistd.h>

namespace shapes {
template <typename T> struct Box {
  T v;
  __attribute__ ((noinline)) T area (int k) const
  {
    char b[1];
    ssize_t r = read (-1, b, 0);
    return v * k + (T) r;
  }
};
__attribute__ ((noinline)) int measure (const Box<int> &b, int k) { return b.area (k) + 1; }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 5, s = 0;
  shapes::Box<int> b{ 3 };
  for (int i = 0; i < n; i++)
    {
      s += shapes::measure (b, i);
      usleep (1000);
    }
  return s == 12345;
}
