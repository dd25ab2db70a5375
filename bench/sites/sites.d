provider bfast { probe hit(long i); };
