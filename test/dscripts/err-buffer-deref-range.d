/* @status: 1 */
/* *(p - 1) is p[-1]: before the buffer, refused as that index is */
BEGIN
{
	this->p = (int *) alloca(16);
	*(this->p - 1) = 5;
}
