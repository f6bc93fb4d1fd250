/* SPDX-License-Identifier: GPL-2.0 */
/* max() for the lab: the kernel's checks types, this one does not need to. */
#ifndef _SHIM_LINUX_MINMAX_H
#define _SHIM_LINUX_MINMAX_H
#define max(a, b) ((a) > (b) ? (a) : (b))
#define min(a, b) ((a) < (b) ? (a) : (b))
#define clamp_val(v, lo, hi) min(max(v, lo), hi)
#endif
