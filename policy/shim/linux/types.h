/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel's basic types, for building kernel decision code in user space. */
#ifndef _SHIM_LINUX_TYPES_H
#define _SHIM_LINUX_TYPES_H
#include <stdbool.h>
#include <stdint.h>
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;
typedef int64_t s64;
#define U32_MAX UINT32_MAX
#define U64_MAX UINT64_MAX
#endif
