// SPDX-License-Identifier: GPL-2.0
/*
 * The policy lab's driver: read the models and the traces, split each
 * trace into its devices' gaps, replay them (lab.c) and print a table per
 * trace and model. Trace lines: arrival_ns device lba sectors type.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"

static const char * const policy_names[] = {
	"always-on", "immediate", "fixed-2s", "fixed-T_BE", "best-fixed",
	"best-in-limits", "share", "autopm", "autopm-hindsight", "oracle",
};

int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The first index whose value is > x (upper) or >= x (lower). */
int upper_bound(const double *s, int n, double x)
{
	int lo = 0, hi = n;

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (s[mid] <= x) lo = mid + 1; else hi = mid;
	}
	return lo;
}

int lower_bound(const double *s, int n, double x)
{
	int lo = 0, hi = n;

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (s[mid] < x) lo = mid + 1; else hi = mid;
	}
	return lo;
}

static int read_models(const char *path, struct model *models, int max)
{
	FILE *f = fopen(path, "r");
	char line[256];
	int n = 0;

	if (!f) {
		perror(path);
		exit(1);
	}
	while (n < max && fgets(line, sizeof(line), f)) {
		struct model *m = &models[n];

		if (line[0] == '#' ||
		    sscanf(line, "%31s %lf %lf %lf %lf %lf %u %u", m->name, &m->p_on,
			   &m->p_off, &m->t_res, &m->t_sus, &m->e_tr, &m->min_ms,
			   &m->max_ms) != 8)
			continue;
		m->km.p_on_mw = lround(m->p_on * 1000);
		m->km.p_off_mw = lround(m->p_off * 1000);
		m->km.t_resume_us = lround(m->t_res * 1e6);
		m->km.t_suspend_us = lround(m->t_sus * 1e6);
		m->km.e_tr_uj = lround(m->e_tr * 1e6);
		m->t_be = autopm_break_even_us(&m->km) / 1e6;
		n++;
	}
	fclose(f);
	return n;
}

struct trace {
	long n;
	double *t;	/* arrival, s */
	long *dev;
};

static void read_trace(const char *path, struct trace *tr)
{
	FILE *f = fopen(path, "r");
	long cap = 1 << 16, dev, lba, size, type;
	double ns;

	if (!f) {
		perror(path);
		exit(1);
	}
	tr->n = 0;
	tr->t = malloc(cap * sizeof(*tr->t));
	tr->dev = malloc(cap * sizeof(*tr->dev));
	while (fscanf(f, "%lf %ld %ld %ld %ld", &ns, &dev, &lba, &size, &type) == 5) {
		if (tr->n == cap) {
			cap *= 2;
			tr->t = realloc(tr->t, cap * sizeof(*tr->t));
			tr->dev = realloc(tr->dev, cap * sizeof(*tr->dev));
		}
		tr->t[tr->n] = ns / 1e9;
		tr->dev[tr->n++] = dev;
	}
	fclose(f);
}

static double percentile(double *v, long n, double p)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_double);
	return v[(long)fmin(n - 1, n * p / 100)];
}

static void print_table(const char *trace, const struct model *m,
			struct result *res, double minutes)
{
	double on = res[ALWAYS_ON].energy, oracle = res[ORACLE].energy;
	int p;

	printf("\n%s x %s (T_BE %.3f s, best fixed delay %.3f s)\n", trace, m->name,
	       m->t_be, res[BEST_FIXED].delay);
	printf("%-16s %12s %8s %9s %9s %7s %7s %9s %9s\n", "policy", "energy_J",
	       "captured", "suspends", "dres/min", "wrong", "missed", "lat_ms", "p99_ms");
	for (p = 0; p < NR_POLICIES; p++) {
		struct result *r = &res[p];
		double lat = 0;
		long i;

		for (i = 0; i < r->nlat; i++)
			lat += r->lat[i];
		printf("%-16s %12.3f %7.1f%% %9ld %9.2f %7ld %7ld %9.2f %9.2f\n",
		       policy_names[p], r->energy,
		       on > oracle ? 100 * (on - r->energy) / (on - oracle) : 0,
		       r->suspends, r->suspends / minutes, r->wrong, r->missed,
		       r->nlat ? 1000 * lat / r->nlat : 0,
		       1000 * percentile(r->lat, r->nlat, 99));
	}
}

/*
 * Every device's gaps, one device after the other: @starts[k] is where
 * device k's begin, @starts[ndev] the total. Returns ndev.
 */
static int split_devices(const struct trace *tr, double *gaps, long *starts)
{
	long d, k, n = 0;
	int ndev = 0;

	for (d = 0; d < tr->n; d++) {
		double prev = -1;

		for (k = 0; k < d; k++)
			if (tr->dev[k] == tr->dev[d])
				break;
		if (k < d)
			continue;
		starts[ndev++] = n;
		for (k = d; k < tr->n; k++) {
			if (tr->dev[k] != tr->dev[d])
				continue;
			if (prev >= 0)
				gaps[n++] = tr->t[k] - prev;
			prev = tr->t[k];
		}
	}
	starts[ndev] = n;
	return ndev;
}

/* A policy's share of the oracle's saving, in %; all of nothing. */
static double captured(const struct result *res, enum policy p, double span)
{
	return span ? 100 * (res[ALWAYS_ON].energy - res[p].energy) / span : 100;
}

/* The line test-scripts read: savings, captured shares, the Pareto check. */
static void print_summary(const char *trace, const struct model *m,
			  const struct result *res, const struct point *curve)
{
	double on = res[ALWAYS_ON].energy, oracle = res[ORACLE].energy;
	const struct point *p = dominating_delay(curve, &res[AUTOPM]);

	/* Nothing to save: every policy captured all of it. */
	double span = on > oracle ? on - oracle : 0;

	printf("summary %s %s saving=%.1f%% autopm=%.1f%% best-fixed=%.1f%% best-in-limits=%.1f%% ",
	       trace, m->name, 100 * span / on, captured(res, AUTOPM, span),
	       captured(res, BEST_FIXED, span),
	       captured(res, BEST_IN_LIMITS, span));
	if (p)
		printf("pareto=dominated-by-%.4fs(%.3fJ,%ld)\n", p->delay,
		       p->energy, p->suspends);
	else
		printf("pareto=ok\n");
}

static void run_model(const char *trace, const struct model *m,
		      const struct trace *tr, double *gaps, long *starts,
		      int ndev)
{
	struct result res[NR_POLICIES] = { 0 };
	struct point curve[CURVE_POINTS + 1];
	double minutes = (tr->t[tr->n - 1] - tr->t[0]) / 60;
	const char *dir = getenv("LAB_PLOT_DIR");
	char base[4096];
	int p, k;

	for (p = 0; p < NR_POLICIES; p++)
		res[p].lat = malloc((tr->n + 1) * sizeof(double));
	for (k = 0; k < ndev; k++)
		replay_device(res, m, gaps + starts[k], starts[k + 1] - starts[k]);
	print_table(trace, m, res, minutes);
	fixed_curve(curve, m, gaps, starts[ndev]);
	print_summary(trace, m, res, curve);
	if (dir) {
		snprintf(base, sizeof(base), "%s/%s-%s", dir, trace, m->name);
		write_plot_data(base, curve, res, policy_names, minutes);
	}
	for (p = 0; p < NR_POLICIES; p++)
		free(res[p].lat);
}

int main(int argc, char **argv)
{
	struct model models[16];
	int nm, a, i;

	if (argc < 3) {
		fprintf(stderr, "usage: %s MODELS TRACE...\n", argv[0]);
		return 2;
	}
	nm = read_models(argv[1], models, 16);
	for (a = 2; a < argc; a++) {
		const char *name = strrchr(argv[a], '/') ? strrchr(argv[a], '/') + 1 : argv[a];
		char trace[256];
		struct trace tr;
		double *gaps;
		long *starts;
		int ndev;

		snprintf(trace, sizeof(trace), "%.*s", (int)strcspn(name, "."), name);
		read_trace(argv[a], &tr);
		gaps = malloc(tr.n * sizeof(*gaps));
		starts = malloc((tr.n + 1) * sizeof(*starts));
		ndev = split_devices(&tr, gaps, starts);
		for (i = 0; i < nm; i++)
			run_model(trace, &models[i], &tr, gaps, starts, ndev);
		free(gaps);
		free(starts);
	}
	return 0;
}
