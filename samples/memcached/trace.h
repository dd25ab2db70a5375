/* SPDX-License-Identifier: MIT */
/*
 * trace.h — the probe macros the server calls, with or without probes.
 *
 * configure --enable-dtrace defines ENABLE_DTRACE and the build generates
 * memcached_dtrace.h from memcached_dtrace.d with `dtrace -h`: every macro is
 * then a probe site (one nop plus a .note.stapsdt note) and every _ENABLED()
 * reads the probe's is-enabled semaphore (defined by the `dtrace -G` object).
 * Without it, every probe macro expands to nothing and every _ENABLED() to 0,
 * so the compiler drops the probes and the work done only for them.
 *
 * Both builds compile warning-free: a value that only a probe uses is either
 * computed inside `if (MEMCACHED_X_ENABLED ())` (process-command-end's copy
 * of the response) or marked used with a (void) cast.
 */
#ifndef MC_TRACE_H
#define MC_TRACE_H

#ifdef ENABLE_DTRACE
#include "memcached_dtrace.h"
#else
#define MEMCACHED_CONN_ALLOCATE(connid)
#define MEMCACHED_CONN_ALLOCATE_ENABLED() (0)
#define MEMCACHED_CONN_RELEASE(connid)
#define MEMCACHED_CONN_RELEASE_ENABLED() (0)
#define MEMCACHED_CONN_CREATE(ptr)
#define MEMCACHED_CONN_CREATE_ENABLED() (0)
#define MEMCACHED_CONN_DESTROY(ptr)
#define MEMCACHED_CONN_DESTROY_ENABLED() (0)
#define MEMCACHED_CONN_DISPATCH(connid, threadid)
#define MEMCACHED_CONN_DISPATCH_ENABLED() (0)
#define MEMCACHED_SLABS_ALLOCATE(size, slabclass, slabsize, ptr)
#define MEMCACHED_SLABS_ALLOCATE_ENABLED() (0)
#define MEMCACHED_SLABS_ALLOCATE_FAILED(size, slabclass)
#define MEMCACHED_SLABS_ALLOCATE_FAILED_ENABLED() (0)
#define MEMCACHED_SLABS_SLABCLASS_ALLOCATE(slabclass)
#define MEMCACHED_SLABS_SLABCLASS_ALLOCATE_ENABLED() (0)
#define MEMCACHED_SLABS_SLABCLASS_ALLOCATE_FAILED(slabclass)
#define MEMCACHED_SLABS_SLABCLASS_ALLOCATE_FAILED_ENABLED() (0)
#define MEMCACHED_SLABS_FREE(size, slabclass, ptr)
#define MEMCACHED_SLABS_FREE_ENABLED() (0)
#define MEMCACHED_ASSOC_FIND(key, keylen, depth)
#define MEMCACHED_ASSOC_FIND_ENABLED() (0)
#define MEMCACHED_ASSOC_INSERT(key, keylen)
#define MEMCACHED_ASSOC_INSERT_ENABLED() (0)
#define MEMCACHED_ASSOC_DELETE(key, keylen)
#define MEMCACHED_ASSOC_DELETE_ENABLED() (0)
#define MEMCACHED_ITEM_LINK(key, keylen, size)
#define MEMCACHED_ITEM_LINK_ENABLED() (0)
#define MEMCACHED_ITEM_UNLINK(key, keylen, size)
#define MEMCACHED_ITEM_UNLINK_ENABLED() (0)
#define MEMCACHED_ITEM_REMOVE(key, keylen, size)
#define MEMCACHED_ITEM_REMOVE_ENABLED() (0)
#define MEMCACHED_ITEM_UPDATE(key, keylen, size)
#define MEMCACHED_ITEM_UPDATE_ENABLED() (0)
#define MEMCACHED_ITEM_REPLACE(oldkey, oldkeylen, oldsize, newkey, newkeylen, newsize)
#define MEMCACHED_ITEM_REPLACE_ENABLED() (0)
#define MEMCACHED_PROCESS_COMMAND_START(connid, request, size)
#define MEMCACHED_PROCESS_COMMAND_START_ENABLED() (0)
#define MEMCACHED_PROCESS_COMMAND_END(connid, response, size)
#define MEMCACHED_PROCESS_COMMAND_END_ENABLED() (0)
#define MEMCACHED_COMMAND_GET(connid, key, keylen, size, casid)
#define MEMCACHED_COMMAND_GET_ENABLED() (0)
#define MEMCACHED_COMMAND_ADD(connid, key, keylen, size, casid)
#define MEMCACHED_COMMAND_ADD_ENABLED() (0)
#define MEMCACHED_COMMAND_SET(connid, key, keylen, size, casid)
#define MEMCACHED_COMMAND_SET_ENABLED() (0)
#define MEMCACHED_COMMAND_REPLACE(connid, key, keylen, size, casid)
#define MEMCACHED_COMMAND_REPLACE_ENABLED() (0)
#define MEMCACHED_COMMAND_PREPEND(connid, key, keylen, size, casid)
#define MEMCACHED_COMMAND_PREPEND_ENABLED() (0)
#define MEMCACHED_COMMAND_APPEND(connid, key, keylen, size, casid)
#define MEMCACHED_COMMAND_APPEND_ENABLED() (0)
#define MEMCACHED_COMMAND_TOUCH(connid, key, keylen, size, casid)
#define MEMCACHED_COMMAND_TOUCH_ENABLED() (0)
#define MEMCACHED_COMMAND_CAS(connid, key, keylen, size, casid)
#define MEMCACHED_COMMAND_CAS_ENABLED() (0)
#define MEMCACHED_COMMAND_INCR(connid, key, keylen, val)
#define MEMCACHED_COMMAND_INCR_ENABLED() (0)
#define MEMCACHED_COMMAND_DECR(connid, key, keylen, val)
#define MEMCACHED_COMMAND_DECR_ENABLED() (0)
#define MEMCACHED_COMMAND_DELETE(connid, key, keylen)
#define MEMCACHED_COMMAND_DELETE_ENABLED() (0)
#endif

#endif /* MC_TRACE_H */
