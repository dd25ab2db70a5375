/* call.d — the probe of the call-style kind (`dtrace -h -x callstyle`, then -G). */
provider bcall { probe hit(long i); };
