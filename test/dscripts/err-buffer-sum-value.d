/* @status: 1 */
/* p + k on a copied-in buffer has no value of its own: the buffer is
 * held by value, so only *(p + k) (that is, p[k]) is an element */
BEGIN
{
	this->p = (int *) alloca(16);
	this->q = this->p + 1;
}
