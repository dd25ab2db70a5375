/* SPDX-License-Identifier: MIT */
/*
 * demangle.h — C++ symbol names as people write them.
 *
 * Symbols of C++ code are mangled by the Itanium C++ ABI (_ZN2ns3fooEi).
 * ustack(), usym()/ufunc() and dtrace -l show them demangled
 * (ns::foo(int)) unless -x nodemangle is given.  We do not write a
 * demangler: the C++ runtime every g++-built program already links,
 * libstdc++, exports one (abi::__cxa_demangle, a C-linkage function,
 * distributed under the GCC Runtime Library Exception), and the consumer
 * opens libstdc++ on the first mangled name it meets to call it.
 */
#ifndef SDTKIT_CONSUMER_DEMANGLE_H
#define SDTKIT_CONSUMER_DEMANGLE_H

/* NAME demangled (malloc'd), or NULL when it is no mangled C++ name. */
char *demangle_cxx (const char *name);

#endif
