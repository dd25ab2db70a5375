provider gobj {
  probe type__new(const char *, unsigned long, unsigned long);
	probe object__new(void*, unsigned long);
	probe object__finalize(void*, unsigned long);
  probe signal__new(unsigned int, const char *, unsigned long);
	probe signal__emit(unsigned int, unsigned int, void *, unsigned long);
	probe mem__alloc(void*, size_t, bool, bool);
	probe mem__free(void*);
	probe slice__alloc(void*, unsigned int);
	probe quark__new(const char *, unsigned int);
	probe main__context_push_thread_default(void*);
        probe main__context_pop_thread_default(void*);
	probe main__after_prepare(void*, int, unsigned int);
	probe idle__dispatch(void*, void*, void*, int64_t, uint64_t);
	probe timeout__add(void*, void*, void*, uintmax_t);
	probe thread__spawned(void*, void*, char *);
};
