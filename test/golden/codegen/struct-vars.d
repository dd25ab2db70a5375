/* struct values in D's memory: a global's member and bit-field stores, a
 * copy from the traced process into this->, print() of both */
struct s { int a; unsigned int f : 3; short arr[2]; } g;
pid$target::visit:entry
{
	g.a = 1;
	g.f = 5;
	this->c = *(struct s *)arg0;
	print(g);
	print(this->c);
}
