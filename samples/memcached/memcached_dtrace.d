/*
 * memcached_dtrace.d — the USDT provider of sdtkit's memcached sample.
 *
 * Same provider name, probe names, argument order and argument types as the
 * provider real memcached ships, so D scripts and bpftrace one-liners written
 * for memcached run unchanged against this server.  The argument meanings
 * below describe what this server passes.
 *
 * Sizes of items ("size") are memcached's: the value length plus the 2 bytes
 * of the "\r\n" that terminates every stored value.  Keys are NOT
 * NUL-terminated where a length is given: read them as str(key, keylen).
 * A connection id ("connid") is the connection's socket descriptor.
 */
provider memcached {
   /**
    * A connection object is taken (from the worker's pool of idle objects,
    * or freshly created) for a newly accepted socket.
    * @param connid the connection id (socket descriptor)
    */
   probe conn__allocate(int connid);

   /**
    * A connection is closed; its object goes back to the worker's pool (or
    * is destroyed when the pool is full).
    * @param connid the connection id (socket descriptor)
    */
   probe conn__release(int connid);

   /**
    * A new connection object is created, because the worker's pool of idle
    * objects was empty.
    * @param ptr the connection object
    */
   probe conn__create(void *ptr);

   /**
    * A connection object is freed (the pool is full, or the server stops).
    * @param ptr the connection object
    */
   probe conn__destroy(void *ptr);

   /**
    * The listener thread hands an accepted connection to a worker thread
    * (round-robin).
    * @param connid the connection id (socket descriptor)
    * @param threadid the worker's kernel thread id (bpftrace's tid there)
    */
   probe conn__dispatch(int connid, int threadid);

   /**
    * Memory for an item is taken from the slab allocator.
    * @param size the number of bytes requested
    * @param slabclass the slab class serving the request
    * @param slabsize the chunk size of that class
    * @param ptr the chunk handed out
    */
   probe slabs__allocate(int size, int slabclass, int slabsize, void* ptr);

   /**
    * The slab allocator could not serve a request (the class has no free
    * chunk and may not grow); the caller will try to evict.
    * @param size the number of bytes requested
    * @param slabclass the slab class that could not serve it
    */
   probe slabs__allocate__failed(int size, int slabclass);

   /**
    * A slab class grows by one page.
    * @param slabclass the class that grows
    */
   probe slabs__slabclass__allocate(int slabclass);

   /**
    * A slab class could not grow: the -m memory limit is reached (or the
    * system is out of memory).
    * @param slabclass the class that could not grow
    */
   probe slabs__slabclass__allocate__failed(int slabclass);

   /**
    * A chunk goes back to its slab class.
    * @param size the number of bytes that were requested for it
    * @param slabclass its slab class
    * @param ptr the chunk
    */
   probe slabs__free(int size, int slabclass, void* ptr);

   /**
    * The hash table was searched for a key.  Long walks mean long hash
    * chains.
    * @param key the key searched for
    * @param keylen the length of the key
    * @param depth how many other entries of the chain were passed
    */
   probe assoc__find(const char *key, int keylen, int depth);

   /**
    * A key was added to the hash table.
    * @param key the key
    * @param keylen the length of the key
    */
   probe assoc__insert(const char *key, int keylen);

   /**
    * A key was removed from the hash table.
    * @param key the key
    * @param keylen the length of the key
    */
   probe assoc__delete(const char *key, int keylen);

   /**
    * An item becomes visible: put in the hash table and the LRU.
    * @param key the item's key
    * @param keylen the length of the key
    * @param size the item's value size (with its "\r\n")
    */
   probe item__link(const char *key, int keylen, int size);

   /**
    * An item stops being visible (deleted, replaced, expired, flushed or
    * evicted).
    * @param key the item's key
    * @param keylen the length of the key
    * @param size the item's value size (with its "\r\n")
    */
   probe item__unlink(const char *key, int keylen, int size);

   /**
    * A reference to an item is dropped (the item is freed when it was the
    * last one and the item is unlinked).
    * @param key the item's key
    * @param keylen the length of the key
    * @param size the item's value size (with its "\r\n")
    */
   probe item__remove(const char *key, int keylen, int size);

   /**
    * An item's last-access time is refreshed and it moves to the head of
    * its LRU (a hit, or a touch).
    * @param key the item's key
    * @param keylen the length of the key
    * @param size the item's value size (with its "\r\n")
    */
   probe item__update(const char *key, int keylen, int size);

   /**
    * A linked item is replaced by a new one with the same key (set on an
    * existing key, cas, replace, append, prepend, incr, decr).
    * @param oldkey the old item's key
    * @param oldkeylen the length of the old key
    * @param oldsize the old item's value size
    * @param newkey the new item's key
    * @param newkeylen the length of the new key
    * @param newsize the new item's value size
    */
   probe item__replace(const char *oldkey, int oldkeylen, int oldsize,
                       const char *newkey, int newkeylen, int newsize);

   /**
    * A command starts.
    * @param connid the connection id
    * @param request the request bytes: the text command line with its
    *                line end, or the binary header, extras and key (a value
    *                that follows is not included)
    * @param size the number of request bytes
    */
   probe process__command__start(int connid, const void *request, int size);

   /**
    * A command is done and its response is queued.
    * @param connid the connection id
    * @param response the whole response (0 bytes for noreply and quiet
    *                 commands)
    * @param size the number of response bytes
    */
   probe process__command__end(int connid, const void *response, int size);

   /**
    * get, gets (text) and GET, GETQ, GETK, GETKQ (binary), once per key.
    * @param connid the connection id
    * @param key the key
    * @param keylen the length of the key
    * @param size the value size, or -1 on a miss
    * @param casid the item's cas unique, or 0 on a miss
    */
   probe command__get(int connid, const char *key, int keylen, int size, int64_t casid);

   /**
    * add.
    * @param connid the connection id
    * @param key the key
    * @param keylen the length of the key
    * @param size the stored value size, or -1 when nothing was stored
    * @param casid the new item's cas unique, or 0 when nothing was stored
    */
   probe command__add(int connid, const char *key, int keylen, int size, int64_t casid);

   /**
    * set.
    * @param connid the connection id
    * @param key the key
    * @param keylen the length of the key
    * @param size the stored value size, or -1 when nothing was stored
    * @param casid the new item's cas unique, or 0 when nothing was stored
    */
   probe command__set(int connid, const char *key, int keylen, int size, int64_t casid);

   /**
    * replace.
    * @param connid the connection id
    * @param key the key
    * @param keylen the length of the key
    * @param size the stored value size, or -1 when nothing was stored
    * @param casid the new item's cas unique, or 0 when nothing was stored
    */
   probe command__replace(int connid, const char *key, int keylen, int size, int64_t casid);

   /**
    * prepend.
    * @param connid the connection id
    * @param key the key
    * @param keylen the length of the key
    * @param size the new (combined) value size, or -1 when nothing was stored
    * @param casid the new item's cas unique, or 0 when nothing was stored
    */
   probe command__prepend(int connid, const char *key, int keylen, int size, int64_t casid);

   /**
    * append.
    * @param connid the connection id
    * @param key the key
    * @param keylen the length of the key
    * @param size the new (combined) value size, or -1 when nothing was stored
    * @param casid the new item's cas unique, or 0 when nothing was stored
    */
   probe command__append(int connid, const char *key, int keylen, int size, int64_t casid);

   /**
    * touch, gat, gats (text) and TOUCH, GAT, GATQ, GATK, GATKQ (binary).
    * @param connid the connection id
    * @param key the key
    * @param keylen the length of the key
    * @param size the value size, or -1 on a miss
    * @param casid the item's cas unique, or 0 on a miss
    */
   probe command__touch(int connid, const char *key, int keylen, int size, int64_t casid);

   /**
    * cas (text), and a binary set, add or replace that carries a cas.
    * @param connid the connection id
    * @param key the key
    * @param keylen the length of the key
    * @param size the stored value size, or -1 when nothing was stored
    * @param casid the cas unique the client sent
    */
   probe command__cas(int connid, const char *key, int keylen, int size, int64_t casid);

   /**
    * incr that found its key.
    * @param connid the connection id
    * @param key the key
    * @param keylen the length of the key
    * @param val the new value
    */
   probe command__incr(int connid, const char *key, int keylen, int64_t val);

   /**
    * decr that found its key.
    * @param connid the connection id
    * @param key the key
    * @param keylen the length of the key
    * @param val the new value
    */
   probe command__decr(int connid, const char *key, int keylen, int64_t val);

   /**
    * delete that found (and deleted) its key.
    * @param connid the connection id
    * @param key the key
    * @param keylen the length of the key
    */
   probe command__delete(int connid, const char *key, int keylen);
};

#pragma D attributes Unstable/Unstable/Common provider memcached provider
#pragma D attributes Private/Private/Common provider memcached module
#pragma D attributes Private/Private/Common provider memcached function
#pragma D attributes Unstable/Unstable/Common provider memcached name
#pragma D attributes Unstable/Unstable/Common provider memcached args
