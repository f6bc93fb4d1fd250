/* SPDX-License-Identifier: GPL-2.0 */
/* The policy lab's models, policies and results (lab.c, main.c). */
#ifndef _LAB_H
#define _LAB_H

#include "autopm_delay.h"

/* A device power model; times in s, powers in W, energy in J. */
struct model {
	char name[32];
	double p_on, p_off, t_res, t_sus, e_tr;
	double t_be;			/* autopm_break_even_us(), in s */
	u32 min_ms, max_ms;		/* the class's delay limits */
	u32 stock_ms;			/* the class's stock fixed delay */
	u32 aggressive_ms;		/* the floor with autopm.aggressive */
	struct autopm_power_model km;	/* the same model, for the kernel code */
};

enum policy {
	ALWAYS_ON,
	IMMEDIATE,
	FIXED_2S,
	STOCK,
	FIXED_TBE,
	BEST_FIXED,
	BEST_IN_LIMITS,
	SHARE,
	AUTOPM,
	AUTOPM_AGGRESSIVE,
	AUTOPM_HINDSIGHT,
	ORACLE,
	NR_POLICIES,
};

struct result {
	double energy;		/* J */
	long suspends;		/* = demand resumes, open loop */
	long wrong;		/* suspended, but the gap ended before d + T_BE */
	long missed;		/* not suspended, though the gap was over T_BE */
	double *lat;		/* each demand resume's added latency, s */
	long nlat;
	double delay;		/* BEST_FIXED, BEST_IN_LIMITS: the delay, s */
};

/* A fixed delay's totals over a trace (pareto.c). */
struct point {
	double delay;		/* s */
	double energy;		/* J */
	long suspends;		/* = demand resumes, open loop */
};

#define CURVE_POINTS	400

void replay_device(struct result *res, const struct model *m,
		   double *gaps, int n);
void fixed_curve(struct point *curve, const struct model *m,
		 const double *gaps, long n);
const struct point *dominating_delay(const struct point *curve,
				     const struct result *r);
void write_plot_data(const char *base, const struct point *curve,
		     const struct result *res, const char * const *names,
		     double minutes);
int cmp_double(const void *a, const void *b);
int upper_bound(const double *sorted, int n, double x);
int lower_bound(const double *sorted, int n, double x);

#endif
