// SPDX-License-Identifier: GPL-2.0
/*
 * Replay one device's idle periods, as a guest's kernel saw them, through
 * the decision code, and print the delay it chooses after each next to the
 * delay the kernel chose (test-scripts/guest/learn.sh records both).
 *
 * Input: optionally first the device's histogram before the periods, as
 * debugfs autopm/idle_histograms shows it, without the device's name:
 *   hist pulse total length weight...
 * then one line per period, in the order they ended:
 *   length_us suspended delay_ms outcome p_on_mw p_off_mw t_suspend_us
 *   t_resume_us e_tr_uj kernel_ms
 * from the kernel's autopm_idle event (the delay in force, and whether the
 * period was fine, wrong or missed) and, after it, debugfs autopm/delays
 * (the model the kernel used for the period and the delay it chose).
 * Output, one line per period: "period N LENGTH_US OUTCOME LAB_OUTCOME
 * kernel K lab L", then "replay: N periods, M differ"; exit status 1 if a
 * delay or an outcome differs.
 * Usage: replay MIN_MS MAX_MS < periods
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autopm_delay.h"

static const char *outcome(u64 length, u64 delay_us, u32 t_be, bool suspended)
{
	if (autopm_period_wrong(length, delay_us, t_be, suspended))
		return "wrong";
	if (autopm_period_missed(length, delay_us, t_be, suspended))
		return "missed";
	return "fine";
}

/* The "hist" line: the kernel's histogram before the first period. */
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

int main(int argc, char **argv)
{
	unsigned long long length;
	unsigned int kernel, lab, min_ms, max_ms, suspended, in_force;
	struct autopm_power_model m;
	struct autopm_idle_hist h;
	char line[1024], kernel_outcome[16];
	const char *lab_outcome;
	int n = 0, differ = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: %s MIN_MS MAX_MS < periods\n", argv[0]);
		return 2;
	}
	min_ms = atoi(argv[1]);
	max_ms = atoi(argv[2]);
	autopm_hist_init(&h);
	while (fgets(line, sizeof(line), stdin)) {
		if (!strncmp(line, "hist ", 5)) {
			if (read_hist(line, &h)) {
				fprintf(stderr, "replay: bad histogram line\n");
				return 2;
			}
			continue;
		}
		if (sscanf(line, "%llu %u %u %15s %u %u %u %u %u %u", &length,
			   &suspended, &in_force, kernel_outcome, &m.p_on_mw,
			   &m.p_off_mw, &m.t_suspend_us, &m.t_resume_us,
			   &m.e_tr_uj, &kernel) != 10)
			continue;
		lab_outcome = outcome(length, in_force * 1000ULL,
				      autopm_break_even_us(&m), suspended);
		autopm_hist_add(&h, length);
		lab = autopm_choose_delay_ms(&h, &m, min_ms, max_ms);
		differ += lab != kernel || strcmp(lab_outcome, kernel_outcome);
		printf("period %d %llu %s %s kernel %u lab %u\n", ++n, length,
		       kernel_outcome, lab_outcome, kernel, lab);
	}
	printf("replay: %d periods, %d differ\n", n, differ);
	return differ ? 1 : 0;
}
