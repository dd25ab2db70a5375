/* A provider whose probe is fired from assembly (asm-caller.S). */
provider asmprov {
	probe hit(int code, const char *message);
};
