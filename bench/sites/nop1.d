/* nop1.d — the probe of the 1-byte-nop kind, built with -DSDTKIT_NOP1_SITES. */
provider bnop { probe hit(long i); };
