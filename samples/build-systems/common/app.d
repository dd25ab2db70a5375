/* SPDX-License-Identifier: MIT */
/* The program's probes. */
provider greetapp {
  probe round(int i);
};
