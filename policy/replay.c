// SPDX-License-Identifier: GPL-2.0
/*
 * Replay one device's idle periods, as a guest's kernel saw them, through
 * the decision code, and check that it chooses the delay the kernel chose
 * (test-scripts/guest/learn.sh records what this reads).
 *
 * Input lines, in any order:
 *   hist PULSE TOTAL LENGTH WEIGHT...   the histogram before the first
 *                                       period (debugfs autopm/idle_histograms)
 *   period N LENGTH_US END              the Nth period the kernel ended
 *                                       (its autopm_idle event; END
 *                                       busy-mark: known only to be
 *                                       shorter than the delay)
 *   check NAME N P_ON P_OFF T_SUS T_RES E_TR DELAY_MS
 *                                       after N periods, the model the
 *                                       kernel held (debugfs autopm/delays)
 *                                       and the delay it had chosen
 * The histogram only depends on the lengths, and the kernel chooses with
 * the model of the period that just ended, which is the one it holds
 * until the next ends: at each check the lab must choose the same delay.
 * Prints a line per check and exits 1 if any differs.
 * Usage: replay MIN_MS MAX_MS < lines
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autopm_delay.h"

#define MAX_PERIODS	4096

static unsigned long long lengths[MAX_PERIODS];
static bool censored[MAX_PERIODS];

struct check {
	char name[32];
	int after;
	struct autopm_power_model m;
	unsigned int kernel_ms;
};

static int read_hist(const char *line, struct autopm_idle_hist *h)
{
	unsigned long long length;
	int b, used;

	if (sscanf(line, "hist %u %u %llu%n", &h->pulse, &h->total, &length, &used) != 3)
		return -1;
	h->length = length;
	for (b = 0; b < AUTOPM_IDLE_BINS; b++) {
		line += used;
		if (sscanf(line, "%u%n", &h->weight[b], &used) != 1)
			return -1;
	}
	return 0;
}

/* Read every line; return the number of checks, -1 on a bad line. */
static int read_input(struct autopm_idle_hist *h, struct check *checks, int max)
{
	char line[1024];
	int n = 0, k;

	while (fgets(line, sizeof(line), stdin)) {
		struct check *c = &checks[n];
		unsigned long long len;
		char end[16];

		if (!strncmp(line, "hist ", 5)) {
			if (read_hist(line, h))
				return -1;
		} else if (sscanf(line, "period %d %llu %15s", &k, &len, end) == 3) {
			if (k < 1 || k > MAX_PERIODS)
				return -1;
			lengths[k - 1] = len;
			censored[k - 1] = !strcmp(end, "busy-mark");
		} else if (n < max &&
			   sscanf(line, "check %31s %d %u %u %u %u %u %u", c->name,
				  &c->after, &c->m.p_on_mw, &c->m.p_off_mw,
				  &c->m.t_suspend_us, &c->m.t_resume_us,
				  &c->m.e_tr_uj, &c->kernel_ms) == 8) {
			n++;
		}
	}
	return n;
}

int main(int argc, char **argv)
{
	struct autopm_idle_hist h;
	struct check checks[16];
	unsigned int min_ms, max_ms, lab;
	int n, i, done = 0, differ = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: %s MIN_MS MAX_MS < lines\n", argv[0]);
		return 2;
	}
	min_ms = atoi(argv[1]);
	max_ms = atoi(argv[2]);
	autopm_hist_init(&h);
	n = read_input(&h, checks, 16);
	if (n < 0) {
		fprintf(stderr, "replay: a bad line\n");
		return 2;
	}
	for (i = 0; i < n; i++) {
		for (; done < checks[i].after && done < MAX_PERIODS; done++) {
			if (censored[done])
				autopm_hist_add(&h, AUTOPM_IDLE_CENSORED_US);
			else
				autopm_hist_add(&h, lengths[done]);
		}
		lab = autopm_choose_delay_ms(&h, &checks[i].m, min_ms, max_ms);
		differ += lab != checks[i].kernel_ms;
		printf("check %s after %d periods: kernel %u ms, lab %u ms\n",
		       checks[i].name, checks[i].after, checks[i].kernel_ms, lab);
	}
	printf("replay: %d checks, %d differ\n", n, differ);
	return differ || !n ? 1 : 0;
}
