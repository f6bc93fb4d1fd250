// SPDX-License-Identifier: GPL-2.0
/*
 * autopm_delay: choose a device's autosuspend delay from its idle history
 *
 * The same file is built into the kernel and into the policy lab in the
 * autopm repository (through thin shims, as tools/testing/radix-tree
 * builds the radix tree): it uses basic types only.
 */
#include <linux/bitops.h>
#include <linux/minmax.h>
#include <linux/types.h>

#include "autopm_delay.h"

/**
 * DOC: autopm-delay
 *
 * Staying on through an idle period of length g costs P_on * g.  Suspending
 * after a delay d < g costs P_on * d, the transition energy E_tr, and
 * P_off for the time left once the suspend and the resume are done:
 * P_off * max(0, g - d - t_suspend - t_resume).  A demand resume also makes
 * a request wait; it is charged a penalty.  The break-even time T_BE is the
 * idle length at which suspending at once costs what staying on does; a
 * delay of T_BE is 2-competitive, the best a policy with no history can do.
 *
 * autopm keeps, per device, a histogram of its idle lengths in half-octave
 * bins, in which each period weighs 1/16 less than the one after it (as
 * cpuidle's teo governor keeps its intercepts), and chooses the delay that
 * minimises the expected cost over that histogram:
 *
 * 1. Each bin stands for the idle length at its middle.
 * 2. The candidate delays are 0 and the upper edge of each bin, within the
 *    device's minimum and maximum delay.
 * 3. For each candidate, the bins at or below it cost P_on * g; those above
 *    cost P_on * d + E_tr + penalty + P_off * max(0, g - d - t_suspend -
 *    t_resume).  Sums over the bins above the candidate are kept as the
 *    candidates grow, so all of them cost one pass over the bins.
 * 4. The cheapest candidate wins, and "never suspend" (the largest delay)
 *    when none is cheaper than staying on.  With no history, the delay is
 *    T_BE.
 *
 * Times are in microseconds, powers in mW and energies in uJ, in integer
 * arithmetic that cannot overflow: periods of 2^30 us (18 minutes) and
 * more count as 2^30 us.
 */

/*
 * Each period weighs 1/256 less than the next: a half-life of 177 periods,
 * so that a burst of short periods does not wipe out the rare long ones
 * that decide whether suspending pays (the lab's traces showed 1/16 did).
 */
#define AUTOPM_DECAY_SHIFT	8
/*
 * The pulse grows by 1/256 a period instead of every bin shrinking; from
 * 2^10 to 2^14 (710 periods) every bin is scaled down by 2^4 at once.
 * Weights stay below 2^24 and bin lengths below 2^31 us, so a weighted
 * energy sum fits in 64 bits for P_on up to 8 W.
 */
#define AUTOPM_PULSE_MIN	(1U << 10)
#define AUTOPM_PULSE_MAX	(1U << 14)
#define AUTOPM_PULSE_RESCALE	4

/**
 * autopm_break_even_us - The idle length at which suspending pays off.
 * @m: The device's power model.
 *
 * Return: T_BE in us: the g at which E_tr + P_off * (g - t_suspend -
 * t_resume) equals P_on * g, or E_tr / P_on if that is shorter than the
 * round trip; U32_MAX if suspending never pays off.
 */
u32 autopm_break_even_us(const struct autopm_power_model *m)
{
	u64 round_trip = (u64)m->t_suspend_us + m->t_resume_us;
	u64 e_tr_nj = (u64)m->e_tr_uj * 1000;
	u64 off_nj = (u64)m->p_off_mw * round_trip;
	u64 t;

	if (m->p_on_mw <= m->p_off_mw)
		return U32_MAX;
	if (e_tr_nj <= (u64)m->p_on_mw * round_trip)
		return e_tr_nj / m->p_on_mw;
	t = (e_tr_nj - (off_nj < e_tr_nj ? off_nj : e_tr_nj)) /
	    (m->p_on_mw - m->p_off_mw);
	return t < U32_MAX ? t : U32_MAX;
}

static unsigned int autopm_idle_bin(u64 us)
{
	unsigned int k;

	if (us < (1U << AUTOPM_IDLE_MIN_SHIFT))
		return 0;
	if (us >> AUTOPM_IDLE_MAX_SHIFT)
		return AUTOPM_IDLE_BINS - 1;
	k = fls((u32)us) - 1;
	return 1 + 2 * (k - AUTOPM_IDLE_MIN_SHIFT) + ((us >> (k - 1)) & 1);
}

/* The lower edge of bin @b, in us; bin 0 starts at 0. */
static u64 autopm_bin_low(unsigned int b)
{
	unsigned int k = AUTOPM_IDLE_MIN_SHIFT + (b - 1) / 2;

	if (!b)
		return 0;
	return (1ULL << k) + ((b - 1) & 1) * (1ULL << (k - 1));
}

static u64 autopm_bin_high(unsigned int b)
{
	return b + 1 < AUTOPM_IDLE_BINS ? autopm_bin_low(b + 1) :
					  1ULL << (AUTOPM_IDLE_MAX_SHIFT + 1);
}

/**
 * autopm_hist_init - Empty a histogram.
 * @h: The histogram.
 */
void autopm_hist_init(struct autopm_idle_hist *h)
{
	unsigned int b;

	for (b = 0; b < AUTOPM_IDLE_BINS; b++)
		h->weight[b] = 0;
	h->pulse = AUTOPM_PULSE_MIN;
}

/**
 * autopm_hist_add - Add an idle period to a device's history.
 * @h: The device's histogram.
 * @idle_us: The period's length.
 *
 * O(1) but once every 114 periods, when every bin is scaled down.
 */
void autopm_hist_add(struct autopm_idle_hist *h, u64 idle_us)
{
	unsigned int b;

	h->weight[autopm_idle_bin(idle_us)] += h->pulse;
	h->pulse += h->pulse >> AUTOPM_DECAY_SHIFT;
	if (h->pulse < AUTOPM_PULSE_MAX)
		return;
	for (b = 0; b < AUTOPM_IDLE_BINS; b++)
		h->weight[b] >>= AUTOPM_PULSE_RESCALE;
	h->pulse >>= AUTOPM_PULSE_RESCALE;
}

/* P * t in uJ, for P in mW and t in us. */
static u64 autopm_uj(u32 mw, u64 us)
{
	return (u64)mw * us / 1000;
}

/**
 * autopm_choose_delay_us - The delay that minimises the expected cost.
 * @h: The device's histogram.
 * @m: The device's power model.
 * @min_us: The shortest delay allowed.
 * @max_us: The longest; it also stands for "never suspend".
 * @penalty_uj: What a request that waits for a resume costs, in uJ.
 *
 * See the autopm-delay DOC block.
 *
 * Return: the delay in us, within [@min_us, @max_us].
 */
u64 autopm_choose_delay_us(const struct autopm_idle_hist *h,
			   const struct autopm_power_model *m,
			   u64 min_us, u64 max_us, u32 penalty_uj)
{
	u64 round_trip = (u64)m->t_suspend_us + m->t_resume_us;
	u64 above_w = 0, above_on = 0, above_off = 0, below_on = 0;
	u64 tail_w = 0, tail_off = 0, best_cost, never_cost, best;
	u64 t_be = autopm_break_even_us(m);
	unsigned int b, tail;
	u64 d;

	for (b = 0; b < AUTOPM_IDLE_BINS; b++) {
		u64 g = (autopm_bin_low(b) + autopm_bin_high(b)) / 2;

		above_w += h->weight[b];
		above_off += h->weight[b] * autopm_uj(m->p_off_mw, g);
		above_on += h->weight[b] * autopm_uj(m->p_on_mw, g);
	}
	if (!above_w)
		return t_be < min_us ? min_us : t_be > max_us ? max_us : t_be;
	/*
	 * Never suspending costs what staying on through every period does;
	 * it wins only if no delay is as cheap: among equals the shortest
	 * delay wins, which suspends in periods longer than any seen yet.
	 */
	never_cost = above_on;
	best_cost = U64_MAX;
	best = max_us;
	tail = 0;
	tail_w = above_w;
	tail_off = above_off;
	for (b = 0, d = 0; b <= AUTOPM_IDLE_BINS; b++) {
		u64 cost;

		/* The bins whose periods outlast d and the round trip. */
		while (tail < AUTOPM_IDLE_BINS &&
		       (autopm_bin_low(tail) + autopm_bin_high(tail)) / 2 < d + round_trip) {
			tail_w -= h->weight[tail];
			tail_off -= h->weight[tail] *
				    autopm_uj(m->p_off_mw,
					      (autopm_bin_low(tail) + autopm_bin_high(tail)) / 2);
			tail++;
		}
		if (d >= min_us && d <= max_us) {
			cost = below_on +
			       above_w * (autopm_uj(m->p_on_mw, d) + m->e_tr_uj + penalty_uj) +
			       tail_off - tail_w * autopm_uj(m->p_off_mw, d + round_trip);
			if (cost < best_cost) {
				best_cost = cost;
				/*
				 * No period seen outlasted d: for one that
				 * does, T_BE is the 2-competitive choice.
				 */
				best = above_w ? d : max(d, t_be);
			}
		}
		if (b == AUTOPM_IDLE_BINS)
			break;
		/* Next candidate: bin b's upper edge; bin b stays on. */
		below_on += h->weight[b] *
			    autopm_uj(m->p_on_mw, (autopm_bin_low(b) + autopm_bin_high(b)) / 2);
		above_w -= h->weight[b];
		d = autopm_bin_high(b);
	}
	if (best_cost > never_cost)
		return max_us;
	return best < min_us ? min_us : best > max_us ? max_us : best;
}
