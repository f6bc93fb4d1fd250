// SPDX-License-Identifier: GPL-2.0
/*
 * The fixed-delay curve of a trace and model (energy against demand
 * resumes, one point per delay, every device with the same delay) and the
 * hindsight Pareto check: does any fixed delay cost less energy and make
 * fewer requests wait than a policy does?
 */
#include <math.h>
#include <stdio.h>

#include "lab.h"

/* The longest delay on the curve: longer ones are all "never" here. */
static double longest(const double *gaps, long n)
{
	double max = 0;
	long i;

	for (i = 0; i < n; i++)
		max = fmax(max, gaps[i]);
	return max;
}

static void fixed_point(struct point *p, const struct model *m,
			const double *gaps, long n, double d)
{
	double rt = m->t_sus + m->t_res;
	long i;

	p->delay = d;
	p->energy = 0;
	p->suspends = 0;
	for (i = 0; i < n; i++) {
		double g = gaps[i];

		if (g <= d) {
			p->energy += m->p_on * g;
			continue;
		}
		p->energy += m->p_on * d + m->e_tr + m->p_off * fmax(0, g - d - rt);
		p->suspends++;
	}
}

/**
 * fixed_curve - Energy and demand resumes of the fixed delays.
 * @curve: CURVE_POINTS + 1 points: 0, then delays log-spaced from 100 us
 *	to the longest gap.
 * @m: The model.
 * @gaps: Every device's gaps, one after the other.
 * @n: How many.
 */
void fixed_curve(struct point *curve, const struct model *m,
		 const double *gaps, long n)
{
	double lo = 1e-4, hi = fmax(longest(gaps, n), 2 * lo);
	int i;

	fixed_point(&curve[0], m, gaps, n, 0);
	for (i = 1; i <= CURVE_POINTS; i++)
		fixed_point(&curve[i], m, gaps, n,
			    lo * pow(hi / lo, (i - 1.0) / (CURVE_POINTS - 1)));
}

/**
 * dominating_delay - A fixed delay better than @r on both counts.
 * @curve: fixed_curve()'s points.
 * @r: A policy's result.
 *
 * Return: the point with less energy and fewer suspends (each a demand
 * resume, open loop) than @r that saves the most energy, NULL if none.
 */
const struct point *dominating_delay(const struct point *curve,
				     const struct result *r)
{
	const struct point *best = NULL;
	int i;

	for (i = 0; i <= CURVE_POINTS; i++) {
		const struct point *p = &curve[i];

		if (p->energy < r->energy && p->suspends < r->suspends &&
		    (!best || p->energy < best->energy))
			best = p;
	}
	return best;
}

/**
 * write_plot_data - The curve and the policies' points for gnuplot.
 * @base: Path prefix: BASE.curve and BASE.points are written.
 * @curve: fixed_curve()'s points.
 * @res: Every policy's result.
 * @names: The policies' names.
 * @minutes: The trace's length, for demand resumes per minute.
 */
void write_plot_data(const char *base, const struct point *curve,
		     const struct result *res, const char * const *names,
		     double minutes)
{
	char path[4096];
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "%s.curve", base);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		return;
	}
	for (i = 0; i <= CURVE_POINTS; i++)
		fprintf(f, "%g %g %g\n", curve[i].delay,
			curve[i].suspends / minutes, curve[i].energy);
	fclose(f);
	snprintf(path, sizeof(path), "%s.points", base);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		return;
	}
	for (i = 0; i < NR_POLICIES; i++)
		fprintf(f, "%s %g %g\n", names[i], res[i].suspends / minutes,
			res[i].energy);
	fclose(f);
}
