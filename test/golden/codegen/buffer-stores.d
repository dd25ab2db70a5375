/* stores into copied-in (alloca) memory at constant indexes: element k at
 * k * its size from the buffer, for a store, a compound assignment and ++ */
BEGIN
{
	this->p = (int *) alloca(16);
	this->p[2] = 3;
	this->p[3] += 4;
	this->c = (char *) alloca(8);
	this->c[6]++;
}
