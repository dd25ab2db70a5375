/* SPDX-License-Identifier: MIT */
/* The library's probes: `greet` fires once per greeting. */
provider greet {
  probe hello(char *who, int n);
  probe done(int total);
};
