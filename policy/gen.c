// SPDX-License-Identifier: GPL-2.0
/*
 * Seeded synthetic traces for the policy lab, in the format of
 * traces/ (arrival_ns device lba sectors type), one device:
 *
 *   periodic  a request every 500 ms, +-10% jitter
 *   poisson   exponential gaps, mean 300 ms
 *   onoff     bursts of 20 requests 5 ms apart (exponential), then an
 *             off time from a Pareto law (alpha 1.5, at least 200 ms):
 *             heavy-tailed, as interactive use is
 *   phase     10 minutes of 10 ms gaps, 10 minutes of 2 s gaps, then
 *             10 minutes of 10 ms gaps again: a policy must adapt twice
 *   busy      a busy server's stream: exponential gaps, mean 8 ms (7,500
 *             requests a minute), one gap in 200 of 20 to 60 ms: no gap a
 *             device can sleep through, and rare longest ones that a
 *             decaying history forgets
 *   journal   a desktop SSD: a journal commit every 5 s (+-50 ms; three
 *             writes 1 ms apart) and, at exponential times (mean 40 s),
 *             a burst of 30 reads 2 ms apart
 *   hours     a disk idle for hours: a burst of 50 requests 10 ms apart,
 *             then 3 to 5 hours of nothing, for three days
 *   poll      media polled every 2 s (the block layer's
 *             events_dfl_poll_msecs=2000 that udev sets): one request
 *             every 2 s +-1 ms
 *
 * hours spans three days, the others 30 minutes. Usage: gen KIND SEED > trace
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPAN	1800.0		/* s */

static uint64_t state;

/* xorshift64*: the same numbers for the same seed on every machine. */
static double uniform(void)
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return ((state * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}

static double exponential(double mean)
{
	return -mean * log(1 - uniform());
}

static double pareto(double min, double alpha)
{
	return min / pow(1 - uniform(), 1 / alpha);
}

static void emit(double t)
{
	static long lba;

	printf("%.0f 0 %ld 8 1\n", t * 1e9, lba);
	lba += 8;
}

/* A commit's three writes, then the rest of 5 s, a burst of reads in it. */
static double journal_gap(void)
{
	static int writes = 1, reads;
	static double rest;

	if (reads) {
		if (--reads)
			return 0.002;
		writes = 1;
		return rest;
	}
	if (writes < 3) {
		writes++;
		return 0.001;
	}
	rest = 5 - 0.002 + 0.1 * (uniform() - 0.5);
	if (uniform() < 5.0 / 40) {
		double first = uniform() * (rest - 0.1);

		reads = 30;
		rest -= first + 29 * 0.002;
		return first;
	}
	writes = 1;
	return rest;
}

static double next_gap(const char *kind, double t, long i)
{
	if (!strcmp(kind, "busy"))
		return uniform() < 0.005 ? 0.020 + 0.040 * uniform() : exponential(0.008);
	if (!strcmp(kind, "journal"))
		return journal_gap();
	if (!strcmp(kind, "hours"))
		return i % 50 ? 0.010 : 3600 * (3 + 2 * uniform());
	if (!strcmp(kind, "poll"))
		return 2 + 0.002 * (uniform() - 0.5);
	if (!strcmp(kind, "periodic"))
		return 0.5 * (0.9 + 0.2 * uniform());
	if (!strcmp(kind, "poisson"))
		return exponential(0.3);
	if (!strcmp(kind, "onoff"))
		return i % 20 ? exponential(0.005) : pareto(0.2, 1.5);
	if (!strcmp(kind, "phase"))
		return t >= SPAN / 3 && t < 2 * SPAN / 3 ? 2.0 : 0.010;
	return -1;
}

int main(int argc, char **argv)
{
	double t = 0, gap, span;
	long i;

	if (argc != 3 || next_gap(argv[1], 0, 1) < 0) {
		fprintf(stderr, "usage: %s periodic|poisson|onoff|phase|busy|journal|hours|poll SEED\n", argv[0]);
		return 2;
	}
	state = strtoull(argv[2], NULL, 0) * 0x9E3779B97F4A7C15ULL + 1;
	span = strcmp(argv[1], "hours") ? SPAN : 3 * 86400.0;
	for (i = 0; t < span; i++) {
		emit(t);
		gap = next_gap(argv[1], t, i);
		t += gap;
	}
	return 0;
}
