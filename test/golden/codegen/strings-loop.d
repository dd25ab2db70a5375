/* a string loop: toupper()'s loop over the characters, headed by may_goto
 * (the index in a scratch cell, so the verifier's states converge) */
memcached*:::command-get
{
	printf("%s\n", toupper(copyinstr(arg0)));
}
