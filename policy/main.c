// SPDX-License-Identifier: GPL-2.0
/*
 * The policy lab's driver: read the models and the traces, split each
 * trace into its devices' gaps, replay them (lab.c) and print a table per
 * trace and model. Trace lines: arrival_ns device lba sectors type.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lab.h"

static const char * const policy_names[] = {
	"always-on", "immediate", "fixed-2s", "stock", "fixed-T_BE", "best-fixed",
	"best-in-limits", "share", "autopm", "autopm-aggressive", "autopm-hindsight",
	"oracle",
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

		if (line[0] == '#' || line[strspn(line, " \t\n")] == '\0')
			continue;
		if (sscanf(line, "%31s %lf %lf %lf %lf %lf %u %u %u %u", m->name, &m->p_on,
			   &m->p_off, &m->t_res, &m->t_sus, &m->e_tr, &m->min_ms,
			   &m->max_ms, &m->stock_ms, &m->aggressive_ms) != 10) {
			fprintf(stderr, "lab: %s: not a model (10 fields): %s", path, line);
			exit(1);
		}
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

/*
 * A trace file as a stream: an .xz one through xz -dc, which must exist
 * and exit 0 (close_trace() checks).
 */
static FILE *open_trace(const char *path, int *piped)
{
	size_t len = strlen(path);
	char cmd[4200];

	*piped = len > 3 && !strcmp(path + len - 3, ".xz");
	if (access(path, R_OK)) {
		fprintf(stderr, "lab: cannot read trace %s: %s\n", path, strerror(errno));
		exit(1);
	}
	if (!*piped)
		return fopen(path, "r");
	snprintf(cmd, sizeof(cmd), "xz -dc -- '%s'", path);
	return popen(cmd, "r");
}

static void close_trace(const char *path, FILE *f, int piped)
{
	if ((piped ? pclose(f) : fclose(f)) != 0) {
		fprintf(stderr, "lab: %s: %s\n", path,
			piped ? "xz -dc failed: a damaged or truncated .xz?" : strerror(errno));
		exit(1);
	}
}

static void bad_line(const char *path, long line, const char *what,
		     const char *text)
{
	fprintf(stderr, "lab: %s:%ld: %s: %s%s", path, line, what, text,
		strchr(text, '\n') ? "" : "\n");
	exit(1);
}

static void add_request(struct trace *tr, long *cap, double ns, long dev)
{
	if (tr->n == *cap) {
		*cap *= 2;
		tr->t = realloc(tr->t, *cap * sizeof(*tr->t));
		tr->dev = realloc(tr->dev, *cap * sizeof(*tr->dev));
	}
	tr->t[tr->n] = ns / 1e9;
	tr->dev[tr->n++] = dev;
}

/*
 * One request a line: arrival_ns device lba sectors type. Blank lines and
 * lines starting with '#' are skipped; anything else stops the lab with
 * the file and line, as do arrivals that go back in time.
 */
static void read_trace(const char *path, struct trace *tr)
{
	long cap = 1 << 16, dev, lba, size, type, line = 0;
	int piped, end;
	double ns, last = 0;
	char buf[512];
	FILE *f = open_trace(path, &piped);

	if (!f) {
		fprintf(stderr, "lab: cannot open trace %s: %s\n", path, strerror(errno));
		exit(1);
	}
	tr->n = 0;
	tr->t = malloc(cap * sizeof(*tr->t));
	tr->dev = malloc(cap * sizeof(*tr->dev));
	while (fgets(buf, sizeof(buf), f)) {
		line++;
		if (buf[strspn(buf, " \t\r\n")] == '\0' || buf[strspn(buf, " \t")] == '#')
			continue;
		end = 0;
		if (sscanf(buf, "%lf %ld %ld %ld %ld %n", &ns, &dev, &lba, &size,
			   &type, &end) != 5 || buf[end] != '\0')
			bad_line(path, line, "not \"arrival_ns device lba sectors type\"", buf);
		if (ns < last)
			bad_line(path, line, "earlier than the line before", buf);
		last = ns;
		add_request(tr, &cap, ns, dev);
	}
	close_trace(path, f, piped);
	if (tr->n < 2) {
		fprintf(stderr, "lab: %s: fewer than two requests, no gap to replay\n", path);
		exit(1);
	}
}

static double percentile(double *v, long n, double p)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_double);
	return v[(long)fmin(n - 1, n * p / 100)];
}

/*
 * The 99th percentile of the latency added to each of @requests requests,
 * those that waited for no resume adding 0.
 */
static double p99_per_request(struct result *r, long requests)
{
	long k = requests / 100;

	percentile(r->lat, r->nlat, 99);	/* sorts */
	return k < r->nlat ? r->lat[r->nlat - 1 - k] : 0;
}

static void print_table(const char *trace, const struct model *m,
			struct result *res, double minutes, long requests)
{
	double on = res[ALWAYS_ON].energy, oracle = res[ORACLE].energy;
	int p;

	printf("\n%s x %s (T_BE %.3f s, best fixed delay %.3f s, stock delay %.3f s)\n",
	       trace, m->name, m->t_be, res[BEST_FIXED].delay, m->stock_ms / 1e3);
	printf("%-16s %12s %8s %9s %9s %7s %7s %9s %9s %9s %9s\n", "policy", "energy_J",
	       "captured", "suspends", "dres/min", "wrong", "missed", "lat_ms",
	       "p99_ms", "req_ms", "p99req_ms");
	for (p = 0; p < NR_POLICIES; p++) {
		struct result *r = &res[p];
		double lat = 0;
		long i;

		for (i = 0; i < r->nlat; i++)
			lat += r->lat[i];
		printf("%-16s %12.3f %7.1f%% %9ld %9.2f %7ld %7ld %9.2f %9.2f %9.3f %9.2f\n",
		       policy_names[p], r->energy,
		       on > oracle ? 100 * (on - r->energy) / (on - oracle) : 0,
		       r->suspends, r->suspends / minutes, r->wrong, r->missed,
		       r->nlat ? 1000 * lat / r->nlat : 0,
		       1000 * percentile(r->lat, r->nlat, 99),
		       requests ? 1000 * lat / requests : 0,
		       1000 * p99_per_request(r, requests));
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
		printf("pareto=dominated-by-%.4fs(%.3fJ,%ld)", p->delay,
		       p->energy, p->suspends);
	else
		printf("pareto=ok");
	printf(" energy=%.6f always-on=%.6f stock=%.6f dres=%ld stock-dres=%ld\n",
	       res[AUTOPM].energy, on, res[STOCK].energy, res[AUTOPM].suspends,
	       res[STOCK].suspends);
}

/* One line of the short summary that ends the lab's output. */
struct brief {
	char trace[256], model[32];
	double vs_on, vs_2s, dres_min, share;
};

static struct brief briefs[256];
static int nr_briefs;

static void add_brief(const char *trace, const struct model *m,
		      const struct result *res, double minutes)
{
	double on = res[ALWAYS_ON].energy, oracle = res[ORACLE].energy;
	double e = res[AUTOPM].energy, e2 = res[FIXED_2S].energy;
	struct brief *b = &briefs[nr_briefs];

	if (nr_briefs == (int)(sizeof(briefs) / sizeof(briefs[0])))
		return;
	nr_briefs++;
	snprintf(b->trace, sizeof(b->trace), "%s", trace);
	snprintf(b->model, sizeof(b->model), "%s", m->name);
	b->vs_on = on ? 100 * (on - e) / on : 0;
	b->vs_2s = e2 ? 100 * (e2 - e) / e2 : 0;
	b->dres_min = minutes ? res[AUTOPM].suspends / minutes : 0;
	b->share = on > oracle ? 100 * (on - e) / (on - oracle) : 100;
}

/* Per trace and model, what autopm saves and what it costs in resumes. */
static void print_briefs(void)
{
	int i;

	printf("\nIn short: the energy autopm saves against always-on and against a fixed\n"
	       "2 s delay (negative: it spends more), its demand resumes a minute, and\n"
	       "its share of the oracle's saving.\n");
	printf("brief %-16s %-13s %12s %11s %9s %9s\n", "trace", "model",
	       "vs-always-on", "vs-fixed-2s", "dres/min", "of-oracle");
	for (i = 0; i < nr_briefs; i++)
		printf("brief %-16s %-13s %11.1f%% %10.1f%% %9.2f %8.1f%%\n",
		       briefs[i].trace, briefs[i].model, briefs[i].vs_on,
		       briefs[i].vs_2s, briefs[i].dres_min, briefs[i].share);
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
	print_table(trace, m, res, minutes, tr->n);
	fixed_curve(curve, m, gaps, starts[ndev]);
	print_summary(trace, m, res, curve);
	add_brief(trace, m, res, minutes);
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
		fprintf(stderr, "lab: %s: %ld requests, %d devices, %.1f minutes\n",
			argv[a], tr.n, ndev, (tr.t[tr.n - 1] - tr.t[0]) / 60);
		free(tr.t);
		free(tr.dev);
	}
	print_briefs();
	return 0;
}
