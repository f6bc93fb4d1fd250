/* SPDX-License-Identifier: GPL-2.0 */
/* U32_MAX and U64_MAX live in the types shim. */
