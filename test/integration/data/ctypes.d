/* ctypes.d — the provider of ctypes.sh's traced program. */
provider ctypes {
	probe visit(struct conn *c);
};
