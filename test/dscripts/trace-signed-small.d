/* trace() of a signed char or short prints the value signed; unsigned ones
   and aggregation keys of those types print unsigned */
BEGIN
{
	trace((char)-2); trace(" ");
	trace((short)-300); trace(" ");
	trace((unsigned char)250); trace(" ");
	trace((unsigned short)65000); trace(" ");
	trace((char)5); trace("\n");
	@k[(char)-1] = sum(1);
	exit(0);
}
