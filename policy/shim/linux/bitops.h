/* SPDX-License-Identifier: GPL-2.0 */
/* BIT() and fls64() as the kernel defines them (fls64: the last set bit, 1-based; 0 for 0). */
#ifndef _SHIM_LINUX_BITOPS_H
#define _SHIM_LINUX_BITOPS_H
#define BIT(nr)		(1UL << (nr))
#define BIT_ULL(nr)	(1ULL << (nr))
static inline int fls64(unsigned long long x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}
#endif
