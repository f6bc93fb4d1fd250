/* SPDX-License-Identifier: GPL-2.0 */
/* fls() as the kernel defines it: the last set bit, 1-based; 0 for 0. */
#ifndef _SHIM_LINUX_BITOPS_H
#define _SHIM_LINUX_BITOPS_H
static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}
#endif
