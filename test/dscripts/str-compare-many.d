/* String comparisons: many in one clause (each loop over strsize bytes
 * once left the verifier two pending branches per byte: it refused the
 * program), bytes unsigned, garbage after a shorter string's NUL
 * ignored, and a chain of comparisons of strjoin()s, whose temporaries
 * are free again once compared. */
BEGIN
{
	n = 0;
	s1 = "abcdefghijklmnopqrstuvwxyz0123456789";
	s2 = "abcdefghijklmnopqrstuvwxyz0123456788";
	n += s1 > s2;  n += s1 >= s2; n += s1 != s2; n += s2 < s1;  n += s2 <= s1;
	n += s1 == s1; n += s2 == s2; n += s1 <= s1; n += s1 >= s1; n += !(s1 < s1);
	n += s1 > s2;  n += s1 >= s2; n += s1 != s2; n += s2 < s1;  n += s2 <= s1;
	n += s1 == s1; n += s2 == s2; n += s1 <= s1; n += s1 >= s1; n += !(s1 < s1);
	n += s1 > s2;  n += s1 >= s2; n += s1 != s2; n += s2 < s1;  n += s2 <= s1;
	n += s1 == s1; n += s2 == s2; n += s1 <= s1; n += s1 >= s1; n += !(s1 < s1);
	printf("%d of 30 comparisons true\n", n);

	hi = "abcd\xfa";
	lo = "abcd\x0a";
	printf("unsigned bytes: %d %d %d\n", hi > lo, hi > "abcd", "abcd" < lo);

	s3 = "abcdefghijklmnopqrstuvwxyz";
	s3 = "abc";
	printf("after a NUL: %d %d %d\n", s3 == "abc", s3 < "abcd", s3 > "ab");
	printf("a word apart: %d %d\n", s1 == "abcdefgh", "abcdefghi" > "abcdefgh");

	printf("nested: %d\n",
	    strjoin("abc", "def") > strjoin("def", "abc") ? 1 :
	    strjoin("ABC", "def") > strjoin("def", "ABC") ? 2 :
	    strjoin("abC", "deF") > strjoin("deF", "abC") ? 3 :
	    strjoin("ABc", "DEf") > strjoin("DEf", "ABc") ? 4 :
	    strjoin("abc", "DEF") > strjoin("DEF", "abc") ? 5 : 0);
	exit(0);
}
