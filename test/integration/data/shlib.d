/* shlib.d — the provider of the shared library libshl.so (shlib.c). */
provider shl {
	probe hit(int i);
	probe ready();
	probe init();
};
