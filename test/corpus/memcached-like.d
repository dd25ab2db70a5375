/*
 * Copyright (c) 2031 The Example Cache Authors.  All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted under the terms of the example licence.
 * (Corpus file written for sdtkit: same shape as memcached_dtrace.d.)
 */
provider kvcache {
   /**
    * Fired when a connection object is handed out.
    * @param connid the connection id
    */
   probe conn__allocate(int connid);

   /**
    * Fired when a connection object is given back.
    * @param connid the connection id
    */
   probe conn__release(int connid);

   /**
    * Fired when memory is taken from a slab class.
    * @param slabclass the class the memory came from
    * @param size the size requested
    * @param id the class id
    * @param ptr where the memory is
    */
   probe slabs__allocate(int size, int slabclass, int id, void* ptr);

   /**
    * Fired when an item is swapped for another.
    * @param oldkey the old key
    * @param oldkeylen its length
    * @param oldsize the old size
    * @param newkey the new key
    * @param newkeylen its length
    * @param newsize the new size
    */
   probe item__replace(const char *oldkey, int oldkeylen, int oldsize,
                       const char *newkey, int newkeylen,
                       int newsize);

   /**
    * Fired for a get.
    * @param connid the connection
    * @param key the key
    * @param keylen its length (the key is not NUL-terminated)
    * @param size the value size, or -1
    * @param casid the compare-and-swap id
    */
   probe command__get(int connid, const char *key, int keylen, int size, int64_t casid);

   /**
    * Fired when a value is stored.
    * @param connid the connection
    * @param key the key
    * @param keylen its length
    * @param size the size
    * @param casid the cas id
    */
   probe command__set(int connid, const char *key, int keylen, int size, int64_t casid);

   /** Opaque pointers, with and without const. */
   probe assoc__find(const void *key, void *item, uint32_t depth);
   probe hash__compute(const void *, size_t len, void *);
};

#pragma D attributes Unstable/Unstable/Common provider kvcache provider
#pragma D attributes Private/Private/Common provider kvcache module
#pragma D attributes Private/Private/Common provider kvcache function
#pragma D attributes Unstable/Unstable/Common provider kvcache name
#pragma D attributes Unstable/Unstable/Common provider kvcache args
