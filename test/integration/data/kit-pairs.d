/* SPDX-License-Identifier: MIT */
/* kit-pairs.d — the provider of kit-pairs.c (scripts-kit.sh, usdtlatency.d):
 * operations bracketed by NAME-start/NAME-done and NAME-begin/NAME-end. */
provider kit {
	probe work__start(int);
	probe work__done(int);
	probe io__begin();
	probe io__end();
	probe lonely__start();
};
