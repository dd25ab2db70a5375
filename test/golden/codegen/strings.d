/* string subroutines: strlen and strjoin of a user string */
memcached*:::command-get
{
	this->key = copyinstr(arg0);
	printf("%s %d\n", strjoin(this->key, "!"), strlen(this->key));
}
