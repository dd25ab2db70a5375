provider bnop { probe hit(long i); };
