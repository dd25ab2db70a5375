/* forkprobe.d — the one probe of forkprobe.c (callstyle.sh's fork check). */
provider frk {
  probe hit(int who, int n);
};
