/* sites.d — the probe of the fast-site kind (bench/sites/sites-kind.c). */
provider bfast { probe hit(long i); };
