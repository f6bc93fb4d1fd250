// SPDX-License-Identifier: GPL-2.0
/*
 * Instruction counts of autopm's decision code, through callgrind: run
 * under valgrind --tool=callgrind, N calls of autopm_hist_add() and of
 * autopm_choose_delay_us() on a history from a trace's first device; the
 * per-call figure is the function's inclusive count over N.
 * Usage: cost TRACE [N]
 */
#include <stdio.h>
#include <stdlib.h>

#include "autopm_delay.h"

int main(int argc, char **argv)
{
	struct autopm_power_model m = { 600, 50, 10000, 10000, 12000 };
	struct autopm_idle_hist h;
	long n = argc > 2 ? atol(argv[2]) : 10000, i = 0;
	double t, prev = -1;
	long dev, first = -1, a, b, c;
	u64 sink = 0;
	FILE *f = fopen(argv[1], "r");

	if (!f)
		return 1;
	autopm_hist_init(&h);
	while (i < n && fscanf(f, "%lf %ld %ld %ld %ld", &t, &dev, &a, &b, &c) == 5) {
		if (first < 0)
			first = dev;
		if (dev != first)
			continue;
		if (prev >= 0) {
			autopm_hist_add(&h, (u64)((t - prev) / 1000));
			sink += autopm_choose_delay_us(&h, &m, 1000, 1U << 31, 6000);
			i++;
		}
		prev = t;
	}
	printf("%ld periods, checksum %llu\n", i, (unsigned long long)sink);
	return 0;
}
