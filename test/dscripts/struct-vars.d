/* Struct-typed globals and this-> variables: member stores (nested, bit-field,
 * array elements with a variable index), ++ and += on members, struct copy,
 * print() of a struct kept in D's memory. */
struct InnerMost { int position; char content; };
struct InnerMore { struct InnerMost IMost; int dummy_More; };
struct Outer { struct InnerMore I; int dummy_More; unsigned int bits : 4; int arr[3]; } OMost;
BEGIN
{
	OMost.dummy_More = 2;
	OMost.I.dummy_More = 4;
	OMost.I.IMost.position = 5;
	OMost.I.IMost.content = 'e';
	OMost.bits = 9;
	OMost.bits++;
	OMost.arr[1] = 7;
	i = 2;
	OMost.arr[i] = OMost.arr[1] * 2;
	this->copy = OMost;
	this->copy.I.IMost.position += 10;
	printf("%d %d %d %c %d %d %d\n", OMost.dummy_More, OMost.I.dummy_More, OMost.I.IMost.position,
	    OMost.I.IMost.content, OMost.bits, OMost.arr[1], OMost.arr[2]);
	printf("%d %d\n", this->copy.I.IMost.position, this->copy.arr[2]);
	print(OMost);
	printf("\n");
	exit(0);
}
