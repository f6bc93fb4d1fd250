// SPDX-License-Identifier: GPL-2.0
/*
 * The autopm policy lab: replay block I/O traces against device power
 * models under several autosuspend policies, autopm's own decision code
 * (drivers/base/power/autopm_delay.c of the patched tree, built through
 * shim/) among them, next to the offline oracle.
 *
 * Open loop: each device's requests arrive when the trace says, service
 * time 0; a gap is the time between two requests of one device. For a
 * delay d and a gap g: g <= d costs P_on*g; g > d costs P_on*d + E_tr +
 * P_off*max(0, g - d - t_suspend - t_resume), with one suspend and one
 * demand resume that waits t_resume plus the rest of a suspend in progress.
 * The oracle pays min(P_on*g, E_tr + P_off*(g - t_suspend - t_resume)) and
 * adds no latency.
 *
 * Usage: lab MODELS TRACE...   (prints one table per trace and model)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autopm_delay.h"
#include "lab.h"

static double gap_energy(const struct model *m, double g, double d,
			 double *wait)
{
	*wait = 0;
	if (g <= d)
		return m->p_on * g;
	*wait = m->t_res + fmax(0, m->t_sus - (g - d));
	return m->p_on * d + m->e_tr + m->p_off * fmax(0, g - d - m->t_sus - m->t_res);
}

static double oracle_energy(const struct model *m, double g)
{
	double rt = m->t_sus + m->t_res;

	if (g < rt)
		return m->p_on * g;
	return fmin(m->p_on * g, m->e_tr + m->p_off * (g - rt));
}

/* Account one gap under delay d; wrong and missed as the kernel counts. */
static void account(struct result *r, const struct model *m, double g,
		    double d)
{
	double wait, e = gap_energy(m, g, d, &wait);
	u64 g_us = g * 1e6, d_us = fmin(d, 1e12) * 1e6;
	u32 t_be_us = m->t_be * 1e6;

	r->energy += e;
	if (g > d) {
		r->suspends++;
		r->lat[r->nlat++] = wait;
	}
	r->wrong += autopm_period_wrong(g_us, d_us, t_be_us, g > d);
	r->missed += autopm_period_missed(g_us, d_us, t_be_us, g > d);
}

/*
 * The cheapest fixed delay in hindsight within [lo, hi]: lo or one of the
 * gaps in between.
 */
static double best_fixed(const struct model *m, const double *sorted, int n,
			 double lo, double hi)
{
	double *prefix = malloc((n + 1) * sizeof(*prefix));
	double best_e = INFINITY, best_d = lo, rt = m->t_sus + m->t_res;
	int i, k;

	prefix[0] = 0;
	for (i = 0; i < n; i++)
		prefix[i + 1] = prefix[i] + sorted[i];
	for (k = -1; k < n; k++) {
		double d = k < 0 ? lo : fmin(fmax(sorted[k], lo), hi);
		int above = upper_bound(sorted, n, d);
		int tail = lower_bound(sorted, n, d + rt);
		double e = m->p_on * prefix[above] +
			   (n - above) * (m->p_on * d + m->e_tr) +
			   m->p_off * (prefix[n] - prefix[tail] - (n - tail) * (d + rt));

		if (e < best_e) {
			best_e = e;
			best_d = d;
		}
	}
	free(prefix);
	return best_d;
}

/*
 * Helmbold, Long and Sherrod's share algorithm: experts are fixed delays,
 * each gap's loss is an expert's energy over the worst expert's, weights
 * shrink by exp(-eta * loss) and share alpha of themselves with all; the
 * delay used is the weighted mean of the experts'.
 */
#define SHARE_EXPERTS	30
#define SHARE_ETA	4.0
#define SHARE_ALPHA	0.08

static void run_share(struct result *r, const struct model *m,
		      const double *gaps, int n)
{
	double d[SHARE_EXPERTS], w[SHARE_EXPERTS], e[SHARE_EXPERTS];
	double lo = fmin(1e-3, m->t_be / 100), hi = 100 * m->t_be;
	int i, j;

	d[0] = 0;
	for (j = 1; j < SHARE_EXPERTS; j++)
		d[j] = lo * pow(hi / lo, (j - 1.0) / (SHARE_EXPERTS - 2));
	for (j = 0; j < SHARE_EXPERTS; j++)
		w[j] = 1.0 / SHARE_EXPERTS;
	for (i = 0; i < n; i++) {
		double sum = 0, mean = 0, worst = 0, wait, total = 0;

		for (j = 0; j < SHARE_EXPERTS; j++) {
			sum += w[j];
			mean += w[j] * d[j];
		}
		account(r, m, gaps[i], mean / sum);
		for (j = 0; j < SHARE_EXPERTS; j++) {
			e[j] = gap_energy(m, gaps[i], d[j], &wait);
			worst = fmax(worst, e[j]);
		}
		for (j = 0; j < SHARE_EXPERTS; j++) {
			w[j] *= exp(-SHARE_ETA * (worst > 0 ? e[j] / worst : 0));
			total += w[j];
		}
		for (j = 0; j < SHARE_EXPERTS; j++)
			w[j] = (1 - SHARE_ALPHA) * w[j] / total + SHARE_ALPHA / SHARE_EXPERTS;
	}
}

/*
 * autopm: the kernel's own histogram and delay choice, gap by gap, in the
 * core's milliseconds and within the class's limits, as autopm_learn.c:
 * from @floor_ms, the class's delay by default or the model's shortest
 * with autopm.aggressive.
 * As for a disk in the kernel, a gap the device stays on through ends at a
 * busy mark: it is only known to be shorter than the delay (censored).
 */
static void run_autopm(struct result *r, const struct model *m,
		       const double *gaps, int n, u32 floor_ms)
{
	struct autopm_idle_hist h;
	int i;

	autopm_hist_init(&h);
	for (i = 0; i < n; i++) {
		u32 d = autopm_choose_delay_ms(&h, &m->km, floor_ms, m->max_ms);

		account(r, m, gaps[i], d / 1e3);
		if (gaps[i] <= d / 1e3)
			autopm_hist_add(&h, AUTOPM_IDLE_CENSORED_US);
		else
			autopm_hist_add(&h, (u64)(gaps[i] * 1e6));
	}
}

/*
 * autopm's delay choice alone: every gap of the device in its histogram,
 * all of the same weight (the pulse held at its start: no decay), before
 * the first; no demand-resume penalty; one delay for the whole trace.
 * What it loses to the best fixed delay is the choice's resolution
 * (half-octave bins, each counted at its middle), not the learning.
 */
static double autopm_hindsight(const struct model *m, const double *gaps,
			       int n)
{
	struct autopm_idle_hist h;
	u32 start;
	int i;

	autopm_hist_init(&h);
	start = h.pulse;
	for (i = 0; i < n; i++) {
		h.pulse = start;
		autopm_hist_add(&h, (u64)(gaps[i] * 1e6));
	}
	return autopm_choose_delay_us(&h, &m->km, (u64)m->min_ms * 1000,
				      (u64)m->max_ms * 1000, 0) / 1e6;
}

/* Replay one device's gaps under every policy, adding to @res. */
void replay_device(struct result *res, const struct model *m,
		   double *gaps, int n)
{
	double *sorted = malloc(n * sizeof(*sorted));
	double fixed[NR_POLICIES] = { [ALWAYS_ON] = INFINITY, [IMMEDIATE] = 0,
				      [FIXED_2S] = 2, [STOCK] = m->stock_ms / 1e3,
				      [FIXED_TBE] = m->t_be };
	int p, i;

	memcpy(sorted, gaps, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	fixed[BEST_FIXED] = best_fixed(m, sorted, n, 0, INFINITY);
	fixed[BEST_IN_LIMITS] = best_fixed(m, sorted, n, m->min_ms / 1e3,
					   m->max_ms / 1e3);
	res[BEST_FIXED].delay = fixed[BEST_FIXED];
	res[BEST_IN_LIMITS].delay = fixed[BEST_IN_LIMITS];
	for (p = ALWAYS_ON; p <= BEST_IN_LIMITS; p++)
		for (i = 0; i < n; i++)
			account(&res[p], m, gaps[i], fixed[p]);
	run_share(&res[SHARE], m, gaps, n);
	run_autopm(&res[AUTOPM], m, gaps, n, m->min_ms);
	run_autopm(&res[AUTOPM_AGGRESSIVE], m, gaps, n, m->aggressive_ms);
	fixed[AUTOPM_HINDSIGHT] = autopm_hindsight(m, gaps, n);
	for (i = 0; i < n; i++)
		account(&res[AUTOPM_HINDSIGHT], m, gaps[i], fixed[AUTOPM_HINDSIGHT]);
	for (i = 0; i < n; i++)
		res[ORACLE].energy += oracle_energy(m, gaps[i]);
	free(sorted);
}
