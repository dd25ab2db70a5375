/* threads.d — the provider of threads.c. */
provider thr {
	probe work(int i);
	probe ready();
};
