/* self-> (thread-local) and this-> (clause-local) variables. */
BEGIN
{
	self->depth = 3;
	this->x = 40;
	this->x += 2;
	printf("self %d this %d\n", self->depth, this->x);
}

BEGIN
/self->depth == 3/
{
	self->depth = 0;
	printf("self still set in the next clause\n");
	exit(0);
}
